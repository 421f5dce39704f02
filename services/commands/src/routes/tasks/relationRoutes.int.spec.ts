import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { taskPartRoutes, taskRoutes } from '@stramien/api';
import { taskMessages } from '@stramien/domain';
import { failure } from '../teams/testFixtures';
import { taskPartsSuite, UNSEEN_TASKS, unseenTaskId } from './taskTestKit';

const w = taskPartsSuite();

type Kind = 'predecessor' | 'successor';
const add = (taskId: string, other: string, kind: Kind) =>
  w.user.call(taskPartRoutes.addRelation, { params: { id: taskId }, body: { task: other, kind } });
const remove = (taskId: string, other: string, kind: Kind) =>
  w.user.call(taskPartRoutes.removeRelation, { params: { id: taskId, kind, taskId: other } });
const relationsOf = async (taskId: string, minPosition: number) =>
  (await w.user.call(taskRoutes.get, { params: { id: taskId }, minPosition })).data.relations.map((r) => ({ task: r.task, kind: r.kind }));

describe('task relations', () => {
  it('relates a predecessor, shown from both sides, and removes it from either side', async () => {
    const [a, b] = [await w.task(), await w.task()];
    const added = await add(b.id, a.id, 'predecessor');
    expect(added.message).toBe(taskMessages.updated);
    expect(added.data.relations).toEqual([expect.objectContaining({ task: a.id, kind: 'predecessor' })]);
    expect(await relationsOf(a.id, added.position)).toEqual([{ task: b.id, kind: 'successor' }]);
    // removed from the side it was not recorded on
    const removed = await remove(a.id, b.id, 'successor');
    expect(removed.data.relations).toEqual([]);
    expect(await relationsOf(b.id, removed.position)).toEqual([]);
  });

  it("refuses a relation that closes a cycle with 409 and the domain's message, appending nothing", async () => {
    const [a, b, c] = [await w.task(), await w.task(), await w.task()];
    await add(b.id, a.id, 'predecessor'); // a -> b
    await add(b.id, c.id, 'successor'); // b -> c
    await w.appendsNothing(async () => {
      expect(await failure(add(a.id, c.id, 'predecessor'))).toEqual({ status: 409, message: taskMessages.relationCycle }); // c -> a
      expect(await failure(add(c.id, a.id, 'successor'))).toEqual({ status: 409, message: taskMessages.relationCycle });
    });
    // the same direction again is no cycle, and the same relation appends nothing
    await add(a.id, c.id, 'successor');
    const after = await w.head();
    await add(a.id, c.id, 'successor');
    expect(await w.head()).toBe(after);
  });

  it('refuses a relation of a task to itself with 422', async () => {
    const a = await w.task();
    expect(await failure(add(a.id, a.id, 'successor'))).toEqual({ status: 422, message: taskMessages.relationToSelf });
  });

  it.each(UNSEEN_TASKS)("answers 404 'Related task not found.' when the other task is %s, appending nothing", async (which) => {
    const a = await w.task();
    expect(await w.refused(() => add(a.id, unseenTaskId(w, which), 'predecessor'))).toEqual({
      status: 404,
      message: taskMessages.relatedTaskNotFound,
    });
  });

  it.each(UNSEEN_TASKS)('answers 404 when the task itself is %s, appending nothing', async (which) => {
    const a = await w.task();
    await w.appendsNothing(async () => {
      const taskId = unseenTaskId(w, which);
      expect(await failure(add(taskId, a.id, 'predecessor'))).toEqual({ status: 404, message: taskMessages.notFound });
      expect(await failure(remove(taskId, a.id, 'predecessor'))).toEqual({ status: 404, message: taskMessages.notFound });
    });
  });

  it("answers 404 'Relation not found.' for a relation that does not exist", async () => {
    const [a, b] = [await w.task(), await w.task()];
    expect(await failure(remove(a.id, b.id, 'predecessor'))).toEqual({ status: 404, message: taskMessages.relationNotFound });
  });

  it.each([
    ['a kind that is not predecessor or successor', { task: randomUUID(), kind: 'parent' }],
    ['a task id that is not a uuid', { task: '12', kind: 'successor' }],
    ['a 1 MB task id', { task: 'x'.repeat(1_000_000), kind: 'successor' }],
    ['no task', { kind: 'successor' }],
  ])('answers 400 for %s, appending nothing', async (_name, body) => {
    const a = await w.task();
    expect((await w.refused(() => w.user.call(taskPartRoutes.addRelation, { params: { id: a.id }, body: body as never }))).status).toBe(
      400,
    );
  });
});
