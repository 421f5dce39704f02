import { randomUUID } from 'node:crypto';
import { identityRoutes, projectRoutes, projectWorkflowRoutes, teamRoutes } from '@stramien/api';
import { toJobId } from '@stramien/domain';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import { publishWorkflow, THREE_NODES } from '@stramien/commands/routes/workflows/projectWorkflowTesting';
import { WORKFLOW_SESSIONS_COLLECTION, type WorkflowSessionDoc } from '@stramien/projections/workflows/sessions';
import { atMost, elapsedMs, info, percentile, round, type BenchFigure } from './figures';
import { createBenchUsers, createHttpClient } from './http';

export interface WorkflowSessionsBenchOptions {
  /** sessions in the project; default 10,000 */
  sessions?: number;
  /** project workflows they are spread over; default 5 */
  workflows?: number;
  /** SBS codes they are spread over; default 100 */
  sbsCodes?: number;
  /** samples per figure; default 200 */
  samples?: number;
  log?: (line: string) => void;
}

const DAY = 86_400_000;

/**
 * The sessions list of issue 9 ("10,000 sessions in a project: the sessions list, filtered, p95 ≤ 100 ms"). The
 * project, its project workflows and a member whose team may read them are made through the API; the sessions are
 * seeded as documents of the `workflow_sessions` read model directly (as the projection writes them, three jobs each,
 * a third finished over the last two months): starting 10,000 sessions through the pipeline would measure the seeding,
 * not the list. The member reads the list through HTTP: filtered by workflow, by SBS code, and the project overview.
 */
export async function benchWorkflowSessions(options: WorkflowSessionsBenchOptions = {}): Promise<BenchFigure[]> {
  const total = options.sessions ?? 10_000;
  const workflowCount = options.workflows ?? 5;
  const codeCount = options.sbsCodes ?? 100;
  const samples = options.samples ?? 200;
  const log = options.log ?? (() => {});
  const server = await startTestServer();
  const http = createHttpClient(server.url, 4);
  try {
    const [viewer] = await createBenchUsers(server, 1);
    const admin = server.api(await server.signIn(DEMO.admin));
    const me = await admin.call(identityRoutes.currentUser);
    const licenceId = me.licenses[0]!.id;
    const project = await admin.call(projectRoutes.create, {
      body: {
        license: licenceId,
        name: 'Sessions bench',
        number: `S-${randomUUID().slice(0, 4)}`,
        roles: [{ name: 'Crew', is_projectadmin: false, users: [viewer!.id] }],
      },
    });
    const projectId = project.data.id;
    const workflows: { id: string; name: string; workflowId: string }[] = [];
    for (let i = 0; i < workflowCount; i++) {
      const workflowId = await publishWorkflow(server, { licenceId, userId: me.id, name: `Bench workflow ${i}` });
      const added = await admin.call(projectWorkflowRoutes.add, { params: { id: projectId }, body: { workflow: workflowId } });
      workflows.push({ id: added.data.id, name: added.data.name, workflowId });
    }
    const team = await admin.call(teamRoutes.create, { body: { project: { id: projectId }, name: 'Readers' } });
    await admin.call(teamRoutes.addUser, { params: { id: team.data.id }, body: { project: { id: projectId }, user: { id: viewer!.id } } });
    await admin.call(teamRoutes.setWorkflowPermissions, {
      params: { id: team.data.id },
      body: { workflows: workflows.map((w) => ({ workflow_id: w.id, access: 'read' as const })) },
    });

    log(`sessions: seeding ${total} session documents over ${workflowCount} workflows and ${codeCount} SBS codes`);
    const collection = server.adapters.documentStore.collection<WorkflowSessionDoc>(WORKFLOW_SESSIONS_COLLECTION);
    const now = Date.now();
    const batch: (WorkflowSessionDoc & { _position: number })[] = [];
    for (let n = 0; n < total; n++) {
      const workflow = workflows[n % workflowCount]!;
      const sessionId = randomUUID();
      const createdAt = new Date(now - (total - n) * 10 * 60_000).toISOString();
      const finished = n % 3 === 0;
      const jobs = THREE_NODES.nodes.map((node, i) => ({
        jobId: toJobId(sessionId, node.nodeId),
        nodeId: node.nodeId,
        status: finished || i === 0 ? ('finished' as const) : i === 1 ? ('open' as const) : ('waiting' as const),
      }));
      batch.push({
        _id: sessionId,
        projectId,
        projectWorkflowId: workflow.id,
        workflowId: workflow.workflowId,
        workflowName: workflow.name,
        version: 1,
        name: `Session ${n}`,
        sbsCode: `B.${n % codeCount}`,
        startedBy: me.id,
        status: finished ? 'finished' : 'running',
        progress: finished ? 100 : 33,
        jobsTotal: 3,
        jobsFinished: finished ? 3 : 1,
        jobsFailed: 0,
        jobs,
        createdAt,
        finishedAt: finished ? new Date(now - (n % 60) * DAY).toISOString() : null,
        _position: 1,
      });
      if (batch.length >= 2_000) await collection.insertMany(batch.splice(0));
    }
    if (batch.length > 0) await collection.insertMany(batch.splice(0));
    log(`sessions: ${await collection.count({ projectId })} sessions in the project`);

    const headers = { authorization: `Bearer ${viewer!.token}` };
    const measure = async (label: string, query: string) => {
      const latencies: number[] = [];
      let rows = 0;
      for (let i = 0; i < samples + 20; i++) {
        const sentAt = process.hrtime.bigint();
        const answer = await http.call('GET', `/api/project/${projectId}/sessions?${query}`, undefined, headers);
        const ms = elapsedMs(sentAt);
        if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${answer.body.slice(0, 300)}`);
        if (i >= 20) latencies.push(ms);
        rows = (JSON.parse(answer.body) as { data: unknown[] }).data.length;
      }
      const p95 = round(percentile(latencies, 95), 2);
      log(`sessions: ${label}: ${rows} rows, p95 ${p95} ms`);
      return p95;
    };
    const byWorkflow = await measure('filter[workflow]', `filter[workflow]=${workflows[1]!.id}`);
    const byCode = await measure('filter[sbs_code]', `filter[sbs_code]=B.7`);
    const both = await measure('filter[workflow] and filter[sbs_code]', `filter[workflow]=${workflows[2]!.id}&filter[sbs_code]=B.7`);
    const overview = await measure('overview', 'overview=1');
    return [
      info('workflow sessions in the project', total, 'sessions'),
      atMost('workflow sessions list filter[workflow] p95', byWorkflow, 'ms', 100),
      atMost('workflow sessions list filter[sbs_code] p95', byCode, 'ms', 100),
      atMost('workflow sessions list filter[workflow]+[sbs_code] p95', both, 'ms', 100),
      atMost('workflow sessions overview (finished > 14 days hidden) p95', overview, 'ms', 100),
    ];
  } finally {
    await server.close();
  }
}
