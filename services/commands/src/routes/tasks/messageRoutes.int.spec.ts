import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { taskPartRoutes, taskRoutes } from '@stramien/api';
import { messages, taskMessages } from '@stramien/domain';
import { failure } from '../teams/testFixtures';
import { taskPartsSuite, UNSEEN_TASKS, unseenTaskId } from './taskTestKit';

const w = taskPartsSuite();

const post = (taskId: string, body: { message: string; id?: string }) =>
  w.user.call(taskPartRoutes.postMessage, { params: { id: taskId }, body });

describe('POST /api/tasks/:id/messages', () => {
  it('posts a trimmed message as the user, answering the task with its activities', async () => {
    const task = await w.task();
    const res = await post(task.id, { message: '  Concrete arrives at 7:00  ' });
    expect(res.message).toBe(taskMessages.updated);
    expect(res.data.id).toBe(task.id);
    expect(res.data.activities).toEqual([
      { id: expect.any(String), user_id: w.userId, message: 'Concrete arrives at 7:00', posted_at: expect.any(String) },
    ]);
    expect(res.position).toBeGreaterThan(0);
    const read = await w.user.call(taskRoutes.get, { params: { id: task.id }, minPosition: res.position });
    expect(read.data.activities.map((a) => a.message)).toEqual(['Concrete arrives at 7:00']);
  });

  it('appends nothing for a retry with the same message id', async () => {
    const task = await w.task();
    const id = randomUUID();
    await post(task.id, { message: 'Once', id });
    await w.appendsNothing(async () => {
      const again = await post(task.id, { message: 'Once', id });
      expect(again.data.activities).toHaveLength(1);
    });
  });

  it('still takes messages on a closed task', async () => {
    const task = await w.task();
    await w.user.call(taskRoutes.close, { params: { id: task.id } });
    expect((await post(task.id, { message: 'Closed, but let us talk' })).data.activities).toHaveLength(1);
  });

  it.each([
    ['an empty message', '   ', taskMessages.required],
    ['a message over 2000 characters', 'x'.repeat(2001), taskMessages.messageTooLong],
  ])('refuses %s with 422, appending nothing', async (_name, message, text) => {
    const task = await w.task();
    expect(await w.refused(() => post(task.id, { message }))).toEqual({ status: 422, message: text, errors: { message: [text] } });
  });

  it.each([
    ['a 1 MB message', { message: 'x'.repeat(1_000_000) }],
    ['no message', {}],
    ['a message id that is not a uuid', { message: 'hi', id: 'm1' }],
    ['an unknown field', { message: 'hi', urgent: true }],
  ])('answers 400 for %s, appending nothing', async (_name, body) => {
    const task = await w.task();
    expect(await w.refused(() => post(task.id, body as never))).toMatchObject({ status: 400, message: messages.shared.invalidInput });
  });

  it('answers 400 for a task id that is not a uuid', async () => {
    expect((await failure(post('not-a-task', { message: 'hi' }))).status).toBe(400);
  });

  it.each(UNSEEN_TASKS)('answers 404 for %s, appending nothing', async (which) => {
    const taskId = unseenTaskId(w, which);
    expect(await w.refused(() => post(taskId, { message: 'Peek' }))).toEqual({ status: 404, message: taskMessages.notFound });
  });
});
