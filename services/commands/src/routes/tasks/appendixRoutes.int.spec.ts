import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { taskPartRoutes, taskRoutes } from '@stramien/api';
import { format, TASK_APPENDIX_MAX_BYTES, taskMessages } from '@stramien/domain';
import { DEMO } from '../../testing/testServer';
import { failure } from '../teams/testFixtures';
import { keepAliveClient } from '../../testing/rawUpload';
import { SAMPLE_FILES } from './appendixTesting';
import { contentDisposition } from '../../plugins/attachments';
import { taskPartsSuite, UNSEEN_TASKS, unseenTaskId } from './taskTestKit';

const w = taskPartsSuite();
let token: string;
beforeAll(async () => {
  token = await w.server.signIn(DEMO.user);
});

const url = (taskId: string, appendixId: string, name?: string) =>
  `${w.server.url}/api/tasks/${taskId}/appendixes/${appendixId}${name !== undefined ? `?name=${encodeURIComponent(name)}` : ''}`;

/** a raw upload as the web app sends a File: its bytes, with whatever Content-Type the browser claims */
const upload = async (
  taskId: string,
  appendixId: string,
  name: string | undefined,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
) => {
  const res = await fetch(url(taskId, appendixId, name), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      message: string;
      data?: { appendixes: { id: string; name: string; size: number; content_type: string }[] };
      errors?: unknown;
      position?: number;
    },
  };
};
const download = (taskId: string, appendixId: string, bearer = token) =>
  fetch(url(taskId, appendixId), { headers: { authorization: `Bearer ${bearer}` } });
const remove = (taskId: string, appendixId: string) => w.user.call(taskPartRoutes.removeAppendix, { params: { id: taskId, appendixId } });

describe('task appendixes', () => {
  it('stores a raw upload, typed by its bytes, streams it back as an attachment, and deletes it with its file', async () => {
    const task = await w.task();
    const appendixId = randomUUID();
    const blobs = w.blobCount();
    const res = await upload(task.id, appendixId, 'Bestek – fase 2.pdf', SAMPLE_FILES.pdf, 'application/x-whatever');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(taskMessages.updated);
    expect(res.body.data!.appendixes).toEqual([
      expect.objectContaining({
        id: appendixId,
        name: 'Bestek – fase 2.pdf',
        size: SAMPLE_FILES.pdf.length,
        content_type: 'application/pdf',
      }),
    ]);
    expect(w.blobCount()).toBe(blobs + 1);

    const got = await download(task.id, appendixId);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(contentDisposition('Bestek – fase 2.pdf'));
    expect(got.headers.get('content-disposition')).toContain("filename*=UTF-8''Bestek%20%E2%80%93%20fase%202.pdf");
    expect(Buffer.from(await got.arrayBuffer()).equals(SAMPLE_FILES.pdf)).toBe(true);

    const removed = await remove(task.id, appendixId);
    expect(removed.data.appendixes).toEqual([]);
    expect(w.blobCount()).toBe(blobs);
    expect((await download(task.id, appendixId)).status).toBe(404);
  });

  it('takes a small file as JSON {name, file} in base64, and an Office document as what it is', async () => {
    const task = await w.task();
    const appendixId = randomUUID();
    const res = await w.user.call(taskPartRoutes.addAppendix, {
      params: { id: task.id, appendixId },
      body: { name: 'minutes.docx', file: SAMPLE_FILES.docx.toString('base64') },
    });
    expect(res.data.appendixes[0]).toMatchObject({
      name: 'minutes.docx',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('appends and stores nothing again for a retried upload with the same appendix id', async () => {
    const task = await w.task();
    const appendixId = randomUUID();
    await upload(task.id, appendixId, 'photo.png', SAMPLE_FILES.png);
    const [before, blobs] = [await w.head(), w.blobCount()];
    const again = await upload(task.id, appendixId, 'photo.png', SAMPLE_FILES.png);
    expect(again.status).toBe(200);
    expect(again.body.data!.appendixes).toHaveLength(1);
    expect(await w.head()).toBe(before);
    expect(w.blobCount()).toBe(blobs);
  });

  it.each([
    ['too large', 'plans.pdf', SAMPLE_FILES.pdf, 413],
    ['of a refused type', 'setup.exe', SAMPLE_FILES.exe, 415],
  ])('answers a 30 MB raw upload %s promptly and leaves the kept-alive connection usable', async (_name, name, head, status) => {
    const task = await w.task();
    const client = keepAliveClient(w.server.url);
    try {
      const path = `/api/tasks/${task.id}/appendixes/${randomUUID()}?name=${name}`;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' };
      expect((await client.upload(path, headers, head, 30 * 1024 * 1024)).status).toBe(status);
      expect(await client.get('/api/health/live')).toBe(200);
    } finally {
      client.close();
    }
  });

  describe('refuses, appending nothing and keeping no file,', () => {
    const refused = async (call: () => Promise<{ status: number; body: unknown }>) => {
      const [before, blobs] = [await w.head(), w.blobCount()];
      const res = await call();
      expect(await w.head()).toBe(before);
      expect(w.blobCount()).toBe(blobs);
      return res;
    };

    it('an .exe renamed .pdf and sent as application/pdf, with 415', async () => {
      const task = await w.task();
      const res = await refused(() => upload(task.id, randomUUID(), 'invoice.pdf', SAMPLE_FILES.exe, 'application/pdf'));
      expect(res).toEqual({ status: 415, body: expect.objectContaining({ message: taskMessages.appendixType }) });
    });

    it('bytes of no known type, with 415', async () => {
      const task = await w.task();
      const res = await refused(() => upload(task.id, randomUUID(), 'notes.txt', SAMPLE_FILES.binary, 'text/plain'));
      expect(res.status).toBe(415);
    });

    it('a 26 MB upload, with 413', async () => {
      const task = await w.task();
      const big = Buffer.alloc(26 * 1024 * 1024, 0x41); // text: passes the type check, fails the size
      const res = await refused(() => upload(task.id, randomUUID(), 'huge.txt', big, 'text/plain'));
      expect(res).toEqual({
        status: 413,
        body: expect.objectContaining({ message: format(taskMessages.appendixTooLarge, { max: TASK_APPENDIX_MAX_BYTES / 1024 / 1024 }) }),
      });
      // the refused upload's connection is closed, not left half-read for the next request to hang on
      expect((await upload(task.id, randomUUID(), 'after.pdf', SAMPLE_FILES.pdf)).status).toBe(200);
    });

    it('an empty file, with 422', async () => {
      const task = await w.task();
      const res = await refused(() => upload(task.id, randomUUID(), 'empty.txt', new Uint8Array(0)));
      expect(res).toEqual({ status: 422, body: expect.objectContaining({ message: taskMessages.appendixEmpty }) });
    });

    it('a raw upload without a name, with 422', async () => {
      const task = await w.task();
      const res = await refused(() => upload(task.id, randomUUID(), undefined, SAMPLE_FILES.pdf));
      expect(res).toEqual({
        status: 422,
        body: expect.objectContaining({ message: taskMessages.required, errors: { name: [taskMessages.required] } }),
      });
    });

    it('a name over 255 characters or a 1 MB one, and a JSON body that is not {name, file}, with 400', async () => {
      const task = await w.task();
      expect((await refused(() => upload(task.id, randomUUID(), 'x'.repeat(256), SAMPLE_FILES.pdf))).status).toBe(400);
      const longName = w.user.call(taskPartRoutes.addAppendix, {
        params: { id: task.id, appendixId: randomUUID() },
        body: { name: 'x'.repeat(1_000_000), file: SAMPLE_FILES.pdf.toString('base64') },
      });
      expect((await failure(longName)).status).toBe(400);
      const json = w.user.call(taskPartRoutes.addAppendix, {
        params: { id: task.id, appendixId: randomUUID() },
        body: { file: 'JVBERi0=' } as never,
      });
      expect((await failure(json)).status).toBe(400);
      const notBase64 = w.user.call(taskPartRoutes.addAppendix, {
        params: { id: task.id, appendixId: randomUUID() },
        body: { name: 'a.pdf', file: '%%%not base64%%%' },
      });
      expect((await failure(notBase64)).status).toBe(400);
    });

    it('an upload to a closed task, with 409', async () => {
      const task = await w.task();
      await w.user.call(taskRoutes.close, { params: { id: task.id } });
      const res = await refused(() => upload(task.id, randomUUID(), 'late.pdf', SAMPLE_FILES.pdf));
      expect(res).toEqual({ status: 409, body: expect.objectContaining({ message: format(taskMessages.notOpen, { status: 'closed' }) }) });
    });

    it.each(UNSEEN_TASKS)('an upload to %s, with 404', async (which) => {
      const res = await refused(() => upload(unseenTaskId(w, which), randomUUID(), 'peek.pdf', SAMPLE_FILES.pdf));
      expect(res).toEqual({ status: 404, body: expect.objectContaining({ message: taskMessages.notFound }) });
    });
  });

  it.each(UNSEEN_TASKS)('answers 404 to a download or delete on %s', async (which) => {
    const taskId = unseenTaskId(w, which);
    expect((await download(taskId, randomUUID())).status).toBe(404);
    expect(await failure(remove(taskId, randomUUID()))).toEqual({ status: 404, message: taskMessages.notFound });
  });

  it("does not hand out a private task's file to a user who cannot see the task", async () => {
    const task = await w.admin.call(taskRoutes.create, {
      body: { title: 'Private drawing', priority: 'normal', project: w.memberProjectId, assigned_to: w.adminId, is_private: true },
    });
    const appendixId = randomUUID();
    await w.admin.call(taskPartRoutes.addAppendix, {
      params: { id: task.data.id, appendixId },
      body: { name: 'secret.pdf', file: SAMPLE_FILES.pdf.toString('base64') },
    });
    const res = await download(task.data.id, appendixId);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('%PDF');
  });

  it("answers 404 'Appendix not found.' for an appendix the task does not have", async () => {
    const task = await w.task();
    expect((await download(task.id, randomUUID())).status).toBe(404);
    expect(await failure(remove(task.id, randomUUID()))).toEqual({ status: 404, message: taskMessages.appendixNotFound });
  });
});
