import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { identityRoutes, projectRoutes, projectWorkflowRoutes, sessionRoutes, teamRoutes } from '@stramien/api';
import { toJobId } from '@stramien/domain';
import { graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import { DEMO, startTestServer, type TestServer } from '@stramien/commands/testing/testServer';
import { publishWorkflow } from '@stramien/commands/routes/workflows/projectWorkflowTesting';
import { atMost, info, percentile, round, type BenchFigure } from './figures';
import { createBenchUsers, createHttpClient } from './http';
import { subscribedUserSocket } from './userSocket';

export interface WorkflowNotifyBenchOptions {
  /** measured sessions, one after another; default 100 */
  samples?: number;
  /** sessions before them whose figures are dropped; default 10 */
  warmup?: number;
  log?: (line: string) => void;
}

/** A (manual, start, block 'Intake') -> B (manual, block 'Review') */
const TWO_NODES = graphOf({ a: manualConfig(undefined, 'Intake'), b: manualConfig(undefined, 'Review') }, ['a>b']);

/** the log's head once the workflow process manager has read all of it and appended nothing more for 50 ms */
const settled = async (server: TestServer): Promise<void> => {
  const head = () => server.adapters.eventStore.headPosition();
  for (;;) {
    const at = await head();
    if (server.workflows.position() >= at) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if ((await head()) === at) return;
    } else await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * Issue 9's "Finishing a job → the next job's assignee sees the notification: p95 ≤ 200 ms", over HTTP on the embedded
 * default. A published workflow A -> B (both manual) in a project whose role (team 'Crew' holding user U and the admin)
 * is on both nodes. For each session, one after another: the admin starts it, assigns A to themselves and the still
 * waiting B to U (the assigned notification and U's task are let settle first), then finishes A; timed from sending
 * `POST …/job/{A}/finish` to U's socket, subscribed to U's private channel, receiving the `workflow_job_opened`
 * notification of B's job; and from the finish's answer (0 when the push came first).
 */
export async function benchWorkflowNotify(options: WorkflowNotifyBenchOptions = {}): Promise<BenchFigure[]> {
  const samples = options.samples ?? 100;
  const warmup = options.warmup ?? 10;
  const log = options.log ?? (() => {});
  const server = await startTestServer();
  const http = createHttpClient(server.url, 2);
  let ws: WebSocket | undefined;
  try {
    const [u] = await createBenchUsers(server, 1);
    const adminToken = await server.signIn(DEMO.admin);
    const admin = server.api(adminToken);
    const me = await admin.call(identityRoutes.currentUser);
    const licenceId = me.licenses[0]!.id;
    const project = await admin.call(projectRoutes.create, {
      body: {
        license: licenceId,
        name: 'Workflow notification bench',
        number: `WN-${randomUUID().slice(0, 4)}`,
        roles: [{ name: 'Crew', is_projectadmin: false, users: [u!.id] }],
      },
    });
    const projectId = project.data.id;
    const workflowId = await publishWorkflow(server, { licenceId, userId: me.id, graphs: [TWO_NODES], name: 'Bench A -> B' });
    const workflow = (await admin.call(projectWorkflowRoutes.add, { params: { id: projectId }, body: { workflow: workflowId } })).data;
    const team = await admin.call(teamRoutes.create, { body: { project: { id: projectId }, name: 'Crew' } });
    for (const userId of [u!.id, me.id])
      await admin.call(teamRoutes.addUser, { params: { id: team.data.id }, body: { project: { id: projectId }, user: { id: userId } } });
    await admin.call(teamRoutes.setWorkflowPermissions, {
      params: { id: team.data.id },
      body: { workflows: [{ workflow_id: workflow.id, access: 'read' }] },
    });
    const params = { id: projectId, workflowId: workflow.id };
    const role = (await admin.call(projectWorkflowRoutes.createRole, { params, body: { name: 'Inspector' } })).data;
    await admin.call(projectWorkflowRoutes.addRoleTeam, { params: { ...params, roleId: role.id }, body: { group: team.data.id } });
    for (const node of TWO_NODES.nodes)
      await admin.call(projectWorkflowRoutes.addRoleNode, { params: { ...params, roleId: role.id }, body: { node: node.nodeId } });

    /** U's socket: each notification's type, job id and arrival */
    const arrivals: Array<{ type: string; jobId: unknown; at: number }> = [];
    let onArrival: (() => void) | undefined;
    ws = await subscribedUserSocket(server, { id: u!.id, token: u!.token }, (notification, at) => {
      arrivals.push({ type: notification.type, jobId: notification.data.jobId, at });
      onArrival?.();
    });
    const arrivalOf = (type: string, jobId: string, label: string) =>
      new Promise<number>((resolve, reject) => {
        const found = () => arrivals.find((a) => a.type === type && a.jobId === jobId)?.at;
        const timer = setTimeout(() => reject(new Error(`no ${type} notification within 10 s (${label})`)), 10_000);
        const check = () => {
          const at = found();
          if (at === undefined) return false;
          clearTimeout(timer);
          onArrival = undefined;
          resolve(at);
          return true;
        };
        if (!check()) onArrival = () => void check();
      });

    const headers = { authorization: `Bearer ${adminToken}` };
    const fromRequest: number[] = [];
    const fromAnswer: number[] = [];
    let pushedFirst = 0;
    log(`workflowNotify: ${warmup} + ${samples} sessions, one after another`);
    for (let i = 0; i < warmup + samples; i++) {
      const session = (
        await admin.call(sessionRoutes.start, { params: { id: projectId }, body: { workflow: workflow.id, name: `Bench session ${i}` } })
      ).data;
      const jobA = toJobId(session.id, 'a');
      const jobB = toJobId(session.id, 'b');
      await admin.call(sessionRoutes.assign, { params: { id: projectId, jobId: jobA }, body: { user: me.id } });
      const assigned = arrivalOf('workflow_job_assigned', jobB, `assignment ${i}`);
      await admin.call(sessionRoutes.assign, { params: { id: projectId, jobId: jobB }, body: { user: u!.id } });
      await assigned;
      // the process manager's tasks of both assignments (and their notifications) are made before the finish
      await settled(server);
      const opened = arrivalOf('workflow_job_opened', jobB, `session ${i}`);
      const sentAt = performance.now();
      const answer = await http.call('POST', `/api/project/${projectId}/job/${jobA}/finish`, { values: {} }, headers);
      const answeredAt = performance.now();
      if (answer.status !== 200) throw new Error(`the finish answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      const at = await opened;
      if (i < warmup) continue;
      fromRequest.push(at - sentAt);
      fromAnswer.push(Math.max(0, at - answeredAt));
      if (at < answeredAt) pushedFirst++;
    }
    const p95 = round(percentile(fromRequest, 95), 2);
    log(`workflowNotify: finish sent -> job-ready notification p95 ${p95} ms`);
    return [
      atMost('workflow job finished -> next job assignee notified (finish sent -> socket message), p95', p95, 'ms', 200),
      info(
        'workflow job finished -> next job assignee notified (finish sent -> socket message), p50',
        round(percentile(fromRequest, 50), 2),
        'ms',
      ),
      info(
        'workflow job finished -> next job assignee notified (finish answer -> socket message), p95',
        round(percentile(fromAnswer, 95), 2),
        'ms',
      ),
      info('workflow job finished -> next job assignee notified: pushes before the finish answer', pushedFirst, `of ${samples}`),
    ];
  } finally {
    ws?.close();
    http.close();
    await server.close();
  }
}
