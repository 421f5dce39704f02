import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { taskPartRoutes, taskRoutes } from '@stramien/api';
import { format, labelMessages, taskMessages } from '@stramien/domain';
import { failure } from '../teams/testFixtures';
import { taskPartsSuite, UNSEEN_TASKS, unseenTaskId } from './taskTestKit';

const w = taskPartsSuite();

const add = (taskId: string, labelId: string) => w.user.call(taskPartRoutes.addLabel, { params: { id: taskId, labelId } });
const remove = (taskId: string, labelId: string) => w.user.call(taskPartRoutes.removeLabel, { params: { id: taskId, labelId } });

describe('labels on a task', () => {
  it("puts a licence-wide label and one of the task's project on it, and takes them off", async () => {
    const task = await w.task();
    expect((await add(task.id, w.labels.licence)).data.labels).toEqual([w.labels.licence]);
    const both = await add(task.id, w.labels.project);
    expect(both.message).toBe(taskMessages.updated);
    expect(both.data.labels).toEqual([w.labels.licence, w.labels.project]);
    expect((await remove(task.id, w.labels.licence)).data.labels).toEqual([w.labels.project]);
    const read = await w.user.call(taskRoutes.get, { params: { id: task.id }, minPosition: both.position });
    expect(read.data.labels).toEqual([w.labels.project]);
  });

  it('appends nothing when the label is on the task already', async () => {
    const task = await w.task();
    await add(task.id, w.labels.licence);
    await w.appendsNothing(async () => {
      expect((await add(task.id, w.labels.licence)).data.labels).toEqual([w.labels.licence]);
    });
  });

  it.each([
    ['a label of another project', 'foreignProject'],
    ['a label of another licence', 'otherLicence'],
    ['an unknown label', null],
  ] as const)("answers 404 'Label not found.' for %s, appending nothing", async (_name, which) => {
    const task = await w.task();
    await w.appendsNothing(async () => {
      const labelId = which ? w.labels[which] : randomUUID();
      expect(await failure(add(task.id, labelId))).toEqual({ status: 404, message: labelMessages.notFound });
    });
  });

  it("answers 404 'This label is not on the task.' for a label the task does not have", async () => {
    const task = await w.task();
    expect(await failure(remove(task.id, w.labels.licence))).toEqual({ status: 404, message: taskMessages.labelNotOnTask });
  });

  it('answers 400 for ids that are not uuids, and for a body with fields', async () => {
    const task = await w.task();
    expect((await failure(add(task.id, 'urgent'))).status).toBe(400);
    expect((await failure(remove('t', w.labels.licence))).status).toBe(400);
    const withBody = w.user.call(taskPartRoutes.addLabel, {
      params: { id: task.id, labelId: w.labels.licence },
      body: { color: 'x'.repeat(1_000_000) } as never,
    });
    expect((await failure(withBody)).status).toBe(400);
  });

  it('refuses a label change on a canceled task with 409', async () => {
    const task = await w.task();
    await w.user.call(taskRoutes.cancel, { params: { id: task.id } });
    expect(await failure(add(task.id, w.labels.licence))).toEqual({
      status: 409,
      message: format(taskMessages.notOpen, { status: 'canceled' }),
    });
  });

  it.each(UNSEEN_TASKS)('answers 404 for %s, appending nothing', async (which) => {
    const taskId = unseenTaskId(w, which);
    await w.appendsNothing(async () => {
      expect(await failure(add(taskId, w.labels.licence))).toEqual({ status: 404, message: taskMessages.notFound });
      expect(await failure(remove(taskId, w.labels.licence))).toEqual({ status: 404, message: taskMessages.notFound });
    });
  });
});
