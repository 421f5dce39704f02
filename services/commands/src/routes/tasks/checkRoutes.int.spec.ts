import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { taskPartRoutes, taskRoutes } from '@stramien/api';
import { format, messages, taskMessages } from '@stramien/domain';
import { failure } from '../teams/testFixtures';
import { taskPartsSuite, UNSEEN_TASKS, unseenTaskId } from './taskTestKit';

const w = taskPartsSuite();

const add = (taskId: string, body: { title: string; id?: string }) =>
  w.user.call(taskPartRoutes.addCheck, { params: { id: taskId }, body });
const update = (taskId: string, checkId: string, body: { title?: string; checked?: boolean }) =>
  w.user.call(taskPartRoutes.updateCheck, { params: { id: taskId, checkId }, body });
const remove = (taskId: string, checkId: string) => w.user.call(taskPartRoutes.removeCheck, { params: { id: taskId, checkId } });

describe('task checks', () => {
  it('adds a check unticked, ticks and renames it, and removes it', async () => {
    const task = await w.task();
    const added = await add(task.id, { title: ' Formwork inspected ' });
    expect(added.message).toBe(taskMessages.updated);
    const [check] = added.data.checks;
    expect(check).toEqual({ id: expect.any(String), title: 'Formwork inspected', checked: false });
    expect((await update(task.id, check!.id, { checked: true })).data.checks).toEqual([{ ...check, checked: true }]);
    expect((await update(task.id, check!.id, { title: 'Formwork approved' })).data.checks).toEqual([
      { ...check, title: 'Formwork approved', checked: true },
    ]);
    const removed = await remove(task.id, check!.id);
    expect(removed.data.checks).toEqual([]);
    expect((await w.user.call(taskRoutes.get, { params: { id: task.id }, minPosition: removed.position })).data.checks).toEqual([]);
  });

  it('appends nothing for a retried add with the same id, or an update that changes nothing', async () => {
    const task = await w.task();
    const id = randomUUID();
    await add(task.id, { title: 'Once', id });
    await w.appendsNothing(async () => {
      expect((await add(task.id, { title: 'Once', id })).data.checks).toHaveLength(1);
      await update(task.id, id, { checked: false });
    });
  });

  it.each([
    ['an empty title', { title: '  ' }, taskMessages.required],
    ['a title over 250 characters', { title: 'x'.repeat(251) }, taskMessages.titleTooLong],
  ])('refuses %s with 422, appending nothing', async (_name, body, text) => {
    const task = await w.task();
    expect(await w.refused(() => add(task.id, body))).toEqual({ status: 422, message: text, errors: { title: [text] } });
  });

  it.each([
    ['a 1 MB title', { title: 'x'.repeat(1_000_000) }],
    ['no title', {}],
    ['a check id that is not a uuid', { title: 'x', id: '7' }],
    ['an unknown field', { title: 'x', checked: true }],
  ])('answers 400 to an add with %s, appending nothing', async (_name, body) => {
    const task = await w.task();
    expect(await w.refused(() => add(task.id, body as never))).toMatchObject({ status: 400, message: messages.shared.invalidInput });
  });

  it('answers 400 to an update with a checked flag that is not a boolean', async () => {
    const task = await w.task();
    expect((await failure(update(task.id, randomUUID(), { checked: 'yes' as never }))).status).toBe(400);
  });

  it("answers 404 'Check not found.' for a check the task does not have", async () => {
    const task = await w.task();
    expect(await failure(update(task.id, randomUUID(), { checked: true }))).toEqual({ status: 404, message: taskMessages.checkNotFound });
    expect(await failure(remove(task.id, randomUUID()))).toEqual({ status: 404, message: taskMessages.checkNotFound });
  });

  it('refuses changes on a closed task with 409, appending nothing', async () => {
    const task = await w.task();
    const { data } = await add(task.id, { title: 'Before closing' });
    await w.user.call(taskRoutes.close, { params: { id: task.id } });
    await w.appendsNothing(async () => {
      const closed = { status: 409, message: format(taskMessages.notOpen, { status: 'closed' }) };
      expect(await failure(add(task.id, { title: 'After closing' }))).toEqual(closed);
      expect(await failure(update(task.id, data.checks[0]!.id, { checked: true }))).toEqual(closed);
      expect(await failure(remove(task.id, data.checks[0]!.id))).toEqual(closed);
    });
  });

  it.each(UNSEEN_TASKS)('answers 404 for %s, appending nothing', async (which) => {
    const taskId = unseenTaskId(w, which);
    await w.appendsNothing(async () => {
      const notFound = { status: 404, message: taskMessages.notFound };
      expect(await failure(add(taskId, { title: 'Peek' }))).toEqual(notFound);
      expect(await failure(update(taskId, randomUUID(), { checked: true }))).toEqual(notFound);
      expect(await failure(remove(taskId, randomUUID()))).toEqual(notFound);
    });
  });
});
