import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  projectRoutes,
  sbsRoutes,
  sessionRoutes as routes,
  tableRoutes,
  teamRoutes,
  type ProjectWorkflowView,
  type WorkflowSessionView,
} from '@stramien/api';
import {
  messages,
  sessionDecider,
  sessionSchemas,
  tableMessages,
  toJobId,
  toSessionStreamId,
  workflowMessages,
  type WorkflowGraph,
} from '@stramien/domain';
import { automatedConfig, graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import { createCommandPipeline } from '../../pipeline/commandPipeline';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { failure } from '../teams/testFixtures';
import { createProjectsTestKit } from '../projects/projectsTestKit';
import { unique } from '../tables/tableTesting';
import {
  createWorkflowsWorld,
  jobParams as jobParamsOf,
  memberWorkflow as memberWorkflowOf,
  settled as settledOf,
  type WorkflowsWorld,
} from './projectWorkflowTesting';

type Api = ReturnType<TestServer['api']>;

let server: TestServer;
let w: WorkflowsWorld;
/** members of the member project: DEMO.user (w.user) and `second` in the team holding the role, `outsider` in no team */
let second: { id: string; api: Api };
let outsider: { id: string; api: Api };
let teamId: string;
let stockTableId: string;
let stockRecordId: string;
let otherRecordId: string;
const SBS_CODE = `WF-${randomUUID().slice(0, 6)}`;

/**
 * intake (start; a required text, a number, an SBS code and a record of table 'Stock') opens left and right; join
 * opens when both are finished.
 */
const DIAMOND: WorkflowGraph = graphOf(
  {
    intake: manualConfig(
      [
        { id: 'remarks', label: 'Remarks', type: 'text', required: true },
        { id: 'count', label: 'Count', type: 'number' },
        { id: 'code', label: 'Code', type: 'sbscode' },
        { id: 'item', label: 'Item', type: 'record', table: 'Stock' },
      ],
      'Intake',
    ),
    left: manualConfig(undefined, 'Left'),
    right: manualConfig(undefined, 'Right'),
    join: manualConfig(undefined, 'Join'),
  },
  ['intake>left', 'intake>right', 'left>join', 'right>join'],
);
/** an automated start node that waits ten years (a process manager leaves it open), then a manual one */
const WAITING: WorkflowGraph = graphOf(
  { wait: automatedConfig({ type: 'wait', until: '+3650d' }, 'Wait'), after: manualConfig(undefined, 'After') },
  ['wait>after'],
);

const memberWorkflow = (access: 'read' | 'write' = 'read', graph: WorkflowGraph = DIAMOND): Promise<ProjectWorkflowView> =>
  memberWorkflowOf(w, teamId, graph, access);

const start = async (workflow: ProjectWorkflowView, body: { name?: string; sbs_code?: string | null } = {}, api: Api = w.admin) =>
  (await api.call(routes.start, { params: { id: w.memberProjectId }, body: { workflow: workflow.id, name: unique('Session'), ...body } }))
    .data;

const jobParams = (session: WorkflowSessionView, nodeId: string, projectId?: string) => jobParamsOf(w, session, nodeId, projectId);
const jobStatus = (session: WorkflowSessionView) => Object.fromEntries(session.jobs.map((j) => [j.node_id, j.status]));

const settled = () => settledOf(server, w);

/** the call fails with this status and appends nothing */
const refused = async (call: () => Promise<unknown>, status: number) => {
  // the process manager reacts to what earlier calls appended (an assignment makes a task): let it finish first
  const before = await settled();
  const answer = await failure(call());
  expect(answer.status).toBe(status);
  expect(await w.head()).toBe(before);
  return answer;
};

beforeAll(async () => {
  server = await startTestServer();
  w = await createWorkflowsWorld(server);
  const kit = createProjectsTestKit(server);
  const project = await w.admin.call(projectRoutes.get, { params: { id: w.memberProjectId } });
  const role = project.roles.find((r) => !r.is_projectadmin)!.id;
  const member = async (name: string) => {
    const user = await kit.createUser(name, { [w.demoLicenceId]: false });
    await w.admin.call(projectRoutes.addMember, { params: { id: w.memberProjectId }, body: { user: user.id, role } });
    return { id: user.id, api: server.api(user.token) };
  };
  second = await member('Sam');
  outsider = await member('Olga');
  teamId = await w.memberTeam();
  await w.admin.call(teamRoutes.addUser, { params: { id: teamId }, body: { project: { id: w.memberProjectId }, user: { id: second.id } } });
  await w.admin.call(sbsRoutes.create, { params: { id: w.memberProjectId }, body: { code: SBS_CODE } });
  const table = async (name: string) => (await w.table(w.memberProjectId, w.admin, name)).id;
  stockTableId = await table('Stock');
  const record = async (tableId: string) =>
    (await w.admin.call(tableRoutes.createRecord, { body: { table: tableId, values: {} } })).data.id;
  stockRecordId = await record(stockTableId);
  otherRecordId = await record(await table(unique('Other')));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('POST /api/project/:id/session', () => {
  it("starts a session on the project workflow's version: one job per node, the start node's job open", async () => {
    const workflow = await memberWorkflow();
    const res = await w.admin.call(routes.start, {
      params: { id: w.memberProjectId },
      body: { workflow: workflow.id, name: ' Block A ', sbs_code: SBS_CODE },
    });
    expect(res.position).toBeGreaterThan(0);
    expect(res.data).toMatchObject({
      name: 'Block A',
      sbs_code: SBS_CODE,
      workflow_id: workflow.id,
      workflow_name: workflow.name,
      builder_workflow_id: workflow.workflow_id,
      version: 1,
      status: 'running',
      progress: 0,
      jobs_total: 4,
      jobs_finished: 0,
      finished_at: null,
    });
    expect(jobStatus(res.data)).toEqual({ intake: 'open', left: 'waiting', right: 'waiting', join: 'waiting' });
    expect(res.data.jobs.map((j) => j.id)).toEqual(DIAMOND.nodes.map((n) => toJobId(res.data.id, n.nodeId)));
    const get = await w.user.call(routes.get, { params: { id: w.memberProjectId, sessionId: res.data.id } });
    expect(get.data).toEqual(res.data);
  });

  it('lets a team with write start one; refuses a team with read (403) and a member without rights (404)', async () => {
    const writable = await memberWorkflow('write');
    expect((await start(writable, {}, w.user)).status).toBe('running');
    const readable = await memberWorkflow('read');
    expect((await refused(() => start(readable, {}, w.user), 403)).message).toBe(messages.shared.forbidden);
    await refused(() => start(readable, {}, outsider.api), 404);
  });

  it('refuses an SBS code the project does not have and a blank name (422), a malformed body (400)', async () => {
    const workflow = await memberWorkflow();
    expect((await refused(() => start(workflow, { sbs_code: 'NOPE' }), 422)).errors).toEqual({ sbs_code: [tableMessages.notAnSbsCode] });
    expect((await refused(() => start(workflow, { name: '  ' }), 422)).errors).toEqual({ name: [messages.validation.required] });
    await refused(() => start(workflow, { name: 'x'.repeat(201) }), 400);
    const post = (body: object) => () => w.admin.call(routes.start, { params: { id: w.memberProjectId }, body: body as never });
    await refused(post({ workflow: 'not-a-uuid', name: 'A' }), 400);
    await refused(post({ workflow: workflow.id, name: 'A', extra: 1 }), 400);
  });

  it("answers 404 for another project's workflow, an unknown one, and a project of another licence", async () => {
    const workflow = await memberWorkflow();
    const post =
      (projectId: string, workflowId = workflow.id) =>
      () =>
        w.admin.call(routes.start, { params: { id: projectId }, body: { workflow: workflowId, name: 'A' } });
    expect((await refused(post(w.adminProjectId), 404)).message).toBe(workflowMessages.projectWorkflowNotFound);
    await refused(post(w.memberProjectId, randomUUID()), 404);
    await refused(() => start(workflow, {}, server.api()), 401);
    const foreign = (await w.projectWorkflow(w.adminProjectId, w.user)).id;
    await refused(post(w.otherLicenceProjectId, foreign), 404);
  });
});

describe('jobs', () => {
  let workflow: ProjectWorkflowView;
  let session: WorkflowSessionView;
  beforeAll(async () => {
    workflow = await memberWorkflow();
    session = await start(workflow, { sbs_code: SBS_CODE });
  });

  it('lists the users who may take a job: the members of the teams holding its roles', async () => {
    const res = await w.user.call(routes.users, { params: jobParams(session, 'intake') });
    expect(res.data.map((u) => u.id).sort()).toEqual([w.userId, second.id].sort());
  });

  it('assigns a job to a user who may take it; refuses one who may not (422) and a member who is no admin (403)', async () => {
    const res = await w.admin.call(routes.assign, { params: jobParams(session, 'intake'), body: { user: w.userId } });
    expect(res.data.job).toMatchObject({ node_id: 'intake', status: 'open', assignee: { id: w.userId } });
    expect(res.data.can).toEqual({ assign: true, finish: true, retry: false });
    const answer = await refused(
      () => w.admin.call(routes.assign, { params: jobParams(session, 'intake'), body: { user: outsider.id } }),
      422,
    );
    expect(answer.errors).toEqual({ user: [workflowMessages.userMayNotTake] });
    await refused(() => second.api.call(routes.assign, { params: jobParams(session, 'intake'), body: { user: second.id } }), 403);
  });

  it("shows a job's node: its block's panels, the saved values, what the user may do", async () => {
    const res = await w.user.call(routes.node, { params: jobParams(session, 'intake') });
    expect(res.data.node).toEqual({
      id: 'intake',
      workflow_start: true,
      column: 1,
      block: { id: 'b-intake', name: 'Intake', manual: true },
    });
    expect(res.data.panels[0]!.fields.map((f) => f.id)).toEqual(['remarks', 'count', 'code', 'item']);
    expect(res.data.values).toEqual({});
    expect(res.data.can).toEqual({ assign: false, finish: true, retry: false });
    expect((await second.api.call(routes.node, { params: jobParams(session, 'intake') })).data.can.finish).toBe(false);
  });

  it('saves a draft of the values, checked by type (422 with field errors)', async () => {
    const save = (values: Record<string, unknown>, api: Api = w.user) =>
      api.call(routes.saveValues, { params: jobParams(session, 'intake'), body: { values } });
    const res = await save({ count: 3, code: SBS_CODE });
    expect(res.data.values).toEqual({ count: 3, code: SBS_CODE });
    const answer = await refused(() => save({ count: 'many', code: 'NOPE', item: otherRecordId, nothing: 'x' }), 422);
    expect(Object.keys(answer.errors!).sort()).toEqual(['code', 'count', 'item', 'nothing']);
    expect(answer.errors!.item).toEqual(['Choose a record of the table Stock.']);
    expect(answer.errors!.nothing).toEqual([workflowMessages.unknownField]);
    await refused(() => save({ count: 4 }, second.api), 403);
  });

  it('refuses a finish by a member who is not the assignee (403), and one without the required values (422)', async () => {
    const finish = (api: Api, values?: Record<string, unknown>) =>
      api.call(routes.finish, { params: jobParams(session, 'intake'), body: values ? { values } : {} });
    expect((await refused(() => finish(second.api, { remarks: 'Done' }), 403)).message).toBe(messages.shared.forbidden);
    expect((await refused(() => finish(w.user), 422)).errors).toEqual({ remarks: [messages.validation.required] });
  });

  it('finishes a job: the jobs it leads to open, a node with two incoming links when both are finished, then the session', async () => {
    const finish = (nodeId: string, values: Record<string, unknown> = {}, api: Api = w.admin) =>
      api.call(routes.finish, { params: jobParams(session, nodeId), body: { values } });
    const first = await finish('intake', { remarks: 'Done', item: stockRecordId }, w.user);
    expect(first.data.job.status).toBe('finished');
    expect(first.data.values).toEqual({ remarks: 'Done', count: 3, code: SBS_CODE, item: stockRecordId });
    expect(first.data.session.progress).toBe(25);
    expect(jobStatus(first.data.session)).toEqual({ intake: 'finished', left: 'open', right: 'open', join: 'waiting' });
    await refused(() => finish('intake', { remarks: 'Again' }), 409);
    await refused(() => finish('join'), 409);
    expect(jobStatus((await finish('left')).data.session).join).toBe('waiting');
    const right = await finish('right');
    expect(right.data.session).toMatchObject({ progress: 75, status: 'running' });
    expect(jobStatus(right.data.session).join).toBe('open');
    const last = await finish('join');
    expect(last.data.session).toMatchObject({ progress: 100, status: 'finished', jobs_finished: 4 });
    expect(last.data.session.finished_at).not.toBeNull();
  });

  it('draws the flow: nodes in columns from the start node (1), their blocks, links and jobs', async () => {
    const res = await w.user.call(routes.flow, { params: { id: w.memberProjectId, sessionId: session.id } });
    const byId = Object.fromEntries(res.data.nodes.map((n) => [n.id, n]));
    expect(Object.fromEntries(res.data.nodes.map((n) => [n.id, n.column]))).toEqual({ intake: 1, left: 2, right: 2, join: 3 });
    expect(byId.intake!.links).toEqual([
      { id: 'l-intake-left', node: 'left' },
      { id: 'l-intake-right', node: 'right' },
    ]);
    expect(byId.intake!).toMatchObject({ workflow_start: true, block: { name: 'Intake', manual: true } });
    expect(byId.intake!.job).toMatchObject({ status: 'finished', assignee: { id: w.userId }, error: null });
    expect(byId.intake!.job.opened_at).not.toBeNull();
    expect(byId.join!.job.finished_at).not.toBeNull();
  });

  it("answers 404 for a job or session through another project's path, an unknown id, and to a member without rights", async () => {
    await refused(() => w.user.call(routes.node, { params: jobParams(session, 'intake', w.adminProjectId) }), 404);
    await refused(() => w.user.call(routes.flow, { params: { id: w.adminProjectId, sessionId: session.id } }), 404);
    await refused(() => w.admin.call(routes.get, { params: { id: w.otherLicenceProjectId, sessionId: session.id } }), 404);
    await refused(() => w.user.call(routes.node, { params: { id: w.memberProjectId, jobId: randomUUID() } }), 404);
    await refused(() => outsider.api.call(routes.node, { params: jobParams(session, 'intake') }), 404);
    await refused(() => outsider.api.call(routes.get, { params: { id: w.memberProjectId, sessionId: session.id } }), 404);
  });
});

describe('a failed automated job', () => {
  it('is retried by a project admin (open again); a member may not (403), nor may a job that did not fail be retried (409)', async () => {
    const workflow = await memberWorkflow('read', WAITING);
    const session = await start(workflow);
    // the process manager gives up on the job
    const pipeline = createCommandPipeline({ eventStore: server.adapters.eventStore });
    const failed = await pipeline({
      decider: sessionDecider,
      schemas: sessionSchemas,
      streamId: toSessionStreamId(session.id),
      command: {
        type: 'FailAutomatedJob',
        data: { jobId: toJobId(session.id, 'wait'), error: 'The mail server is down.', attempts: 8 },
        metadata: { actor: { userId: 'system', licenceId: w.demoLicenceId }, now: new Date().toISOString() },
      },
      context: { actor: { userId: 'system', licenceId: w.demoLicenceId }, correlationId: 'test', causationId: 'test' },
    });
    await server.projections.runner.waitForPosition(failed.position, 5000);
    const node = await w.user.call(routes.node, { params: jobParams(session, 'wait') });
    expect(node.data.job).toMatchObject({ status: 'failed', error: 'The mail server is down.', attempts: 8, manual: false });
    await refused(() => w.user.call(routes.retry, { params: jobParams(session, 'wait'), body: {} }), 403);
    const res = await w.admin.call(routes.retry, { params: jobParams(session, 'wait'), body: {} });
    expect(res.data.job).toMatchObject({ status: 'open', error: null });
    await refused(() => w.admin.call(routes.retry, { params: jobParams(session, 'wait'), body: {} }), 409);
  });
});

describe('GET /api/project/:id/sessions', () => {
  let workflow: ProjectWorkflowView;
  let other: ProjectWorkflowView;
  const list = (query: Record<string, string> = {}, api: Api = w.user) =>
    api.call(routes.list, { params: { id: w.memberProjectId }, query: query as never });
  /** GET /api/project/:id's own `sessions` (spec 1, project overview) */
  const projectSessions = async (api: Api = w.user) => (await api.call(projectRoutes.get, { params: { id: w.memberProjectId } })).sessions;
  beforeAll(async () => {
    workflow = await memberWorkflow('read', WAITING);
    other = await memberWorkflow('read', WAITING);
  });

  it('filters by workflow and by SBS code, newest first, paged', async () => {
    const a = await start(workflow, { sbs_code: SBS_CODE });
    const b = await start(workflow);
    const c = await start(other, { sbs_code: SBS_CODE });
    const byWorkflow = await list({ 'filter[workflow]': workflow.id });
    expect(byWorkflow.data.map((s) => s.id)).toEqual([b.id, a.id]);
    expect(byWorkflow.meta).toEqual({ current_page: 1, per_page: 50, total: 2, last_page: 1 });
    const byCode = await list({ 'filter[sbs_code]': SBS_CODE });
    expect(byCode.data.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, c.id]));
    expect(byCode.data.map((s) => s.id)).not.toContain(b.id);
    const both = await list({ 'filter[workflow]': workflow.id, 'filter[sbs_code]': SBS_CODE });
    expect(both.data.map((s) => s.id)).toEqual([a.id]);
    const paged = await list({ 'filter[workflow]': workflow.id, per_page: '1', page: '2' });
    expect(paged.data.map((s) => s.id)).toEqual([a.id]);
    expect(paged.meta).toMatchObject({ total: 2, last_page: 2 });
  });

  it('shows a member only the sessions of the workflows their teams may read', async () => {
    const session = await start(workflow);
    expect((await list()).data.map((s) => s.id)).toContain(session.id);
    expect((await list({}, outsider.api)).data).toEqual([]);
    expect((await list({ 'filter[workflow]': workflow.id }, outsider.api)).data).toEqual([]);
    expect((await projectSessions()).map((s) => s.id)).toContain(session.id);
    expect(await projectSessions(outsider.api)).toEqual([]);
    await refused(() => w.user.call(routes.list, { params: { id: w.foreignProjectId }, query: {} }), 404);
  });

  it('hides finished sessions older than two weeks on the overview', async () => {
    const diamond = await memberWorkflow('read');
    const session = await start(diamond);
    for (const nodeId of ['intake', 'left', 'right', 'join'])
      await w.admin.call(routes.finish, {
        params: jobParams(session, nodeId),
        body: { values: nodeId === 'intake' ? { remarks: 'Done' } : {} },
      });
    const running = await start(workflow);
    const overview = async () => (await list({ overview: '1', per_page: '200' })).data.map((s) => s.id);
    expect(await overview()).toEqual(expect.arrayContaining([session.id, running.id]));
    const shown = await projectSessions();
    expect(shown.map((s) => s.id)).toEqual(expect.arrayContaining([session.id, running.id]));
    expect(shown.find((s) => s.id === session.id)).toMatchObject({
      name: session.name,
      workflow_id: diamond.id,
      jobs: [{ status: 'finished' }, { status: 'finished' }, { status: 'finished' }, { status: 'finished' }],
    });
    const clock = server.app.deps.clock;
    server.app.deps.clock = () => new Date(Date.now() + 15 * 24 * 60 * 60 * 1000);
    try {
      const later = await overview();
      expect(later).toContain(running.id);
      expect(later).not.toContain(session.id);
      const shownLater = (await projectSessions()).map((s) => s.id);
      expect(shownLater).toContain(running.id);
      expect(shownLater).not.toContain(session.id);
      expect((await list({ per_page: '200' })).data.map((s) => s.id)).toContain(session.id);
    } finally {
      server.app.deps.clock = clock;
    }
  });
});

describe('DELETE /api/project/:id/session/:sessionId', () => {
  it('deletes a session (project admins; 403 for a member who may read it): it leaves the list, its ids answer 404', async () => {
    const workflow = await memberWorkflow('write');
    const session = await start(workflow);
    const params = { id: w.memberProjectId, sessionId: session.id };
    await refused(() => w.user.call(routes.delete, { params }), 403);
    const res = await w.admin.call(routes.delete, { params });
    expect(res.message).toBe(workflowMessages.sessionDeleted);
    await refused(() => w.admin.call(routes.get, { params }), 404);
    await refused(() => w.admin.call(routes.node, { params: jobParams(session, 'intake') }), 404);
    await refused(() => w.admin.call(routes.delete, { params }), 404);
    const listed = await w.admin.call(routes.list, { params: { id: w.memberProjectId }, query: { 'filter[workflow]': workflow.id } });
    expect(listed.data).toEqual([]);
  });
});
