import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoutes, sessionRoutes as routes, teamRoutes, type WorkflowSessionView } from '@stramien/api';
import { format, JOB_FILE_MAX_BYTES, messages, taskMessages, toJobId, workflowMessages, type WorkflowGraph } from '@stramien/domain';
import { graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { keepAliveClient } from '../../testing/rawUpload';
import { failure } from '../teams/testFixtures';
import { createProjectsTestKit } from '../projects/projectsTestKit';
import { unique } from '../tables/tableTesting';
import { SAMPLE_FILES } from '../tasks/appendixTesting';
import { contentDisposition } from '../../plugins/attachments';
import { createWorkflowsWorld, jobParams as jobParamsOf, memberWorkflow, settled, type WorkflowsWorld } from './projectWorkflowTesting';

type Api = ReturnType<TestServer['api']>;

let server: TestServer;
let w: WorkflowsWorld;
/** DEMO.user (w.user, the assignee of the jobs here) and `second` are in the team holding the role; `outsider` in none */
let second: { id: string; api: Api; token: string };
let outsider: { id: string; api: Api; token: string };
let userToken: string;
let adminToken: string;
let teamId: string;

/** intake (start: a required file, remarks) -> after (no file field) */
const GRAPH: WorkflowGraph = graphOf(
  {
    intake: manualConfig(
      [
        { id: 'plan', label: 'Plan', type: 'file', required: true },
        { id: 'remarks', label: 'Remarks', type: 'text' },
      ],
      'Intake',
    ),
    after: manualConfig(undefined, 'After'),
  },
  ['intake>after'],
);

/** a session of a new project workflow of the member project (the team reads it), its intake job assigned to DEMO.user */
const session = async (): Promise<WorkflowSessionView> => {
  const workflow = await memberWorkflow(w, teamId, GRAPH);
  const started = (
    await w.admin.call(routes.start, { params: { id: w.memberProjectId }, body: { workflow: workflow.id, name: unique('Session') } })
  ).data;
  await w.admin.call(routes.assign, { params: jobParams(started, 'intake'), body: { user: w.userId } });
  return started;
};

const jobParams = (s: WorkflowSessionView, nodeId: string, projectId?: string) => jobParamsOf(w, s, nodeId, projectId);

const fileUrl = (
  s: WorkflowSessionView,
  nodeId: string,
  { projectId = w.memberProjectId, fileId = '', name = undefined as string | undefined } = {},
) =>
  `${server.url}/api/project/${projectId}/job/${toJobId(s.id, nodeId)}/file${fileId ? `/${fileId}` : ''}${name !== undefined ? `?name=${encodeURIComponent(name)}` : ''}`;

interface UploadAnswer {
  message?: string;
  errors?: Record<string, string[]>;
  data?: { id: string; name: string; size: number; type: string };
  position?: number;
}
/** a raw upload as the web app sends a File: its bytes, with whatever Content-Type the browser claims */
const upload = async (
  s: WorkflowSessionView,
  name: string | undefined,
  bytes: Uint8Array,
  { nodeId = 'intake', token = userToken, projectId = w.memberProjectId, contentType = 'application/octet-stream' } = {},
) => {
  const res = await fetch(fileUrl(s, nodeId, { projectId, name }), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as UploadAnswer };
};
const download = (s: WorkflowSessionView, fileId: string, { token = userToken, projectId = w.memberProjectId, nodeId = 'intake' } = {}) =>
  fetch(fileUrl(s, nodeId, { projectId, fileId }), { headers: { authorization: `Bearer ${token}` } });

const blobCount = (): number => {
  const dir = join(server.dataDir, 'blobs');
  let shards: string[] = [];
  try {
    shards = readdirSync(dir).filter((d) => d !== '.tmp');
  } catch {
    return 0;
  }
  return shards.reduce((n, shard) => n + readdirSync(join(dir, shard)).filter((f) => !f.endsWith('.json')).length, 0);
};

/** the call answers this status, appends nothing and keeps no file */
const refused = async <T extends { status: number }>(call: () => Promise<T>, status: number): Promise<T> => {
  const [before, blobs] = [await settled(server, w), blobCount()];
  const answer = await call();
  expect(answer.status).toBe(status);
  expect(await w.head()).toBe(before);
  expect(blobCount()).toBe(blobs);
  return answer;
};

beforeAll(async () => {
  server = await startTestServer();
  w = await createWorkflowsWorld(server);
  userToken = await server.signIn(DEMO.user);
  adminToken = await server.signIn(DEMO.admin);
  const kit = createProjectsTestKit(server);
  const project = await w.admin.call(projectRoutes.get, { params: { id: w.memberProjectId } });
  const role = project.roles.find((r) => !r.is_projectadmin)!.id;
  const member = async (name: string) => {
    const user = await kit.createUser(name, { [w.demoLicenceId]: false });
    await w.admin.call(projectRoutes.addMember, { params: { id: w.memberProjectId }, body: { user: user.id, role } });
    return { id: user.id, api: server.api(user.token), token: user.token };
  };
  second = await member('Sam');
  outsider = await member('Olga');
  teamId = await w.memberTeam();
  await w.admin.call(teamRoutes.addUser, { params: { id: teamId }, body: { project: { id: w.memberProjectId }, user: { id: second.id } } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('POST /api/project/:id/job/:jobId/file', () => {
  it('stores a raw upload typed by its bytes, streams it back as an attachment, and a finish takes its id', async () => {
    const s = await session();
    const blobs = blobCount();
    const res = await upload(s, 'Plattegrond – fase 2.pdf', SAMPLE_FILES.pdf, { contentType: 'application/x-whatever' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'Plattegrond – fase 2.pdf',
      size: SAMPLE_FILES.pdf.length,
      type: 'application/pdf',
    });
    expect(res.body.position).toBeGreaterThan(0);
    expect(blobCount()).toBe(blobs + 1);
    const fileId = res.body.data!.id;

    const node = await w.user.call(routes.node, { params: jobParams(s, 'intake') });
    expect(node.data.files).toEqual([res.body.data]);

    // a reader of the session downloads it (the member who may not fill the job in)
    const got = await download(s, fileId, { token: second.token });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(contentDisposition('Plattegrond – fase 2.pdf'));
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(SAMPLE_FILES.pdf);

    const finished = await w.user.call(routes.finish, { params: jobParams(s, 'intake'), body: { values: { plan: fileId } } });
    expect(finished.data.job.status).toBe('finished');
    expect(finished.data.values).toEqual({ plan: fileId });
    // still downloadable once finished; no more uploads to a finished job (409, the domain's message)
    expect((await download(s, fileId)).status).toBe(200);
    const late = await refused(() => upload(s, 'late.pdf', SAMPLE_FILES.pdf), 409);
    expect(late.body.message).toBe(workflowMessages.jobFinished);
  });

  it('takes JSON {name, file} in base64 (a data: URL too), by a project admin as well as the assignee', async () => {
    const s = await session();
    const res = await w.admin.call(routes.uploadFile, {
      params: jobParams(s, 'intake'),
      body: { name: ' photo.png ', file: `data:image/png;base64,${SAMPLE_FILES.png.toString('base64')}` },
    });
    expect(res.data).toMatchObject({ name: 'photo.png', size: SAMPLE_FILES.png.length, type: 'image/png' });
    const got = await download(s, res.data.id);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(SAMPLE_FILES.png);
    const saved = await w.user.call(routes.saveValues, { params: jobParams(s, 'intake'), body: { values: { plan: res.data.id } } });
    expect(saved.data.values).toEqual({ plan: res.data.id });
  });

  it("refuses a file id the job did not receive: unknown, or another job's (422 'Upload the file again.')", async () => {
    const [s, other] = [await session(), await session()];
    const elsewhere = (await upload(other, 'other.pdf', SAMPLE_FILES.pdf)).body.data!.id;
    await upload(s, 'mine.pdf', SAMPLE_FILES.pdf);
    for (const plan of [randomUUID(), elsewhere, 'not-an-id']) {
      const answer = await refused(
        () => failure(w.user.call(routes.finish, { params: jobParams(s, 'intake'), body: { values: { plan } } })),
        422,
      );
      expect(answer.errors).toEqual({ plan: [workflowMessages.fieldNotAFile] });
    }
    // another job's file is not this job's to download either
    expect((await download(s, elsewhere)).status).toBe(404);
  });

  describe('refuses, appending nothing and keeping no file,', () => {
    let s: WorkflowSessionView;
    beforeAll(async () => {
      s = await session();
    });

    it('a member of the team who is not the assignee (403), a member without rights and any other project or licence (404)', async () => {
      expect((await refused(() => upload(s, 'a.pdf', SAMPLE_FILES.pdf, { token: second.token }), 403)).body.message).toBe(
        messages.shared.forbidden,
      );
      expect((await refused(() => upload(s, 'a.pdf', SAMPLE_FILES.pdf, { token: outsider.token }), 404)).body.message).toBe(
        workflowMessages.jobNotFound,
      );
      await refused(() => upload(s, 'a.pdf', SAMPLE_FILES.pdf, { projectId: w.adminProjectId }), 404);
      await refused(() => upload(s, 'a.pdf', SAMPLE_FILES.pdf, { projectId: w.otherLicenceProjectId }), 404);
      await refused(() => upload(s, 'a.pdf', SAMPLE_FILES.pdf, { token: '' }), 401);
    });

    it('a job that is not open yet (409) or has no file field (422)', async () => {
      // a project admin may fill in any job: what stops them is the job's state
      const waiting = await refused(() => upload(s, 'a.pdf', SAMPLE_FILES.pdf, { nodeId: 'after', token: adminToken }), 409);
      expect(waiting.body.message).toBe(workflowMessages.jobNotOpen);
      const plain = await session();
      await w.user.call(routes.finish, {
        params: jobParams(plain, 'intake'),
        body: { values: { plan: (await upload(plain, 'p.pdf', SAMPLE_FILES.pdf)).body.data!.id } },
      });
      await w.admin.call(routes.assign, { params: jobParams(plain, 'after'), body: { user: w.userId } });
      const none = await refused(() => upload(plain, 'a.pdf', SAMPLE_FILES.pdf, { nodeId: 'after' }), 422);
      expect(none.body.message).toBe(workflowMessages.jobTakesNoFiles);
    });

    it('an .exe renamed .pdf (415), an empty file or a raw upload without a name (422)', async () => {
      const exe = await refused(() => upload(s, 'invoice.pdf', SAMPLE_FILES.exe, { contentType: 'application/pdf' }), 415);
      expect(exe.body.message).toBe(taskMessages.appendixType);
      expect((await refused(() => upload(s, 'empty.txt', new Uint8Array(0)), 422)).body.message).toBe(taskMessages.appendixEmpty);
      expect((await refused(() => upload(s, undefined, SAMPLE_FILES.pdf), 422)).body.errors).toEqual({
        name: [messages.validation.required],
      });
    });

    it('more than 25 MB (413 with a message), leaving the connection usable', async () => {
      const big = Buffer.alloc(26 * 1024 * 1024, 0x41); // text: passes the type check, fails the size
      const res = await refused(() => upload(s, 'huge.txt', big, { contentType: 'text/plain' }), 413);
      expect(res.body.message).toBe(format(taskMessages.appendixTooLarge, { max: JOB_FILE_MAX_BYTES / 1024 / 1024 }));
      const client = keepAliveClient(server.url);
      try {
        const path = new URL(fileUrl(s, 'intake', { name: 'plans.pdf' })).pathname + '?name=plans.pdf';
        const headers = { authorization: `Bearer ${userToken}`, 'content-type': 'application/octet-stream' };
        expect((await client.upload(path, headers, SAMPLE_FILES.pdf, 30 * 1024 * 1024)).status).toBe(413);
        expect(await client.get('/api/health/live')).toBe(200);
      } finally {
        client.close();
      }
    });

    it('bad input: a name over 255 characters, a JSON body that is not {name, file}, base64 that is not (400)', async () => {
      await refused(() => upload(s, 'x'.repeat(256), SAMPLE_FILES.pdf), 400);
      const json = (body: unknown) => () =>
        failure(w.user.call(routes.uploadFile, { params: jobParams(s, 'intake'), body: body as never }));
      await refused(json({ name: 'a.pdf' }), 400);
      await refused(json({ name: 'a.pdf', file: SAMPLE_FILES.pdf.toString('base64'), extra: 1 }), 400);
      await refused(json({ name: 'a.pdf', file: '!!not base64!!' }), 400);
      await refused(
        () => failure(w.user.call(routes.uploadFile, { params: { id: 'nope', jobId: randomUUID() }, body: { name: 'a', file: 'AAAA' } })),
        400,
      );
    });
  });
});

describe('GET /api/project/:id/job/:jobId/file/:fileId', () => {
  it("answers 404 for an unknown file, another project's path, a member without rights and a deleted session", async () => {
    const s = await session();
    const fileId = (await upload(s, 'a.pdf', SAMPLE_FILES.pdf)).body.data!.id;
    expect((await download(s, randomUUID())).status).toBe(404);
    expect((await download(s, fileId, { projectId: w.adminProjectId })).status).toBe(404);
    expect((await download(s, fileId, { projectId: w.otherLicenceProjectId })).status).toBe(404);
    expect((await download(s, fileId, { token: outsider.token })).status).toBe(404);
    expect((await download(s, fileId, { nodeId: 'after' })).status).toBe(404);
    expect((await download(s, 'not-a-uuid')).status).toBe(400);
    const blobs = blobCount();
    await w.admin.call(routes.delete, { params: { id: w.memberProjectId, sessionId: s.id } });
    expect((await download(s, fileId, { token: adminToken })).status).toBe(404);
    // the session's files go with it
    expect(blobCount()).toBe(blobs - 1);
  });
});
