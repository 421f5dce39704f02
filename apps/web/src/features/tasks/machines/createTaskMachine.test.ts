import { ApiError } from '@stramien/api';
import { taskMessages } from '@stramien/domain';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { taskOf } from '../testing/fixtures';
import { createTaskMachine, errorsOf, type CreateTaskAnswer, type CreateTaskInput, type CreateTaskRequest } from './createTaskMachine';

/** The machine with an in-memory create call that answers with `answer` and records what it was sent. */
const created = (body: CreateTaskRequest): CreateTaskAnswer => ({
  message: `Successfully created task '${body.title}'`,
  data: taskOf({ id: 't-1', title: body.title }),
  position: 7,
});

const start = (
  input: Partial<CreateTaskInput> = {},
  answer: (body: CreateTaskRequest) => Promise<CreateTaskAnswer> = async (body) => created(body),
) => {
  const sent: CreateTaskRequest[] = [];
  const machine = createTaskMachine.provide({
    actors: {
      createTask: fromPromise<CreateTaskAnswer, CreateTaskRequest>(async ({ input: body }) => {
        sent.push(body);
        return answer(body);
      }),
    },
  });
  const actor = createActor(machine, { input: { licenceId: 'l-1', ...input } }).start();
  const change = (field: string, value: unknown) => actor.send({ type: 'CHANGE', field, value } as never);
  const fillValid = () => {
    change('title', 'Pour the foundation');
    change('projectId', 'p-1');
    change('assignedTo', 'u-2');
  };
  const settled = () =>
    new Promise<void>((resolve) => {
      const sub = actor.subscribe((s) => {
        if (!s.matches('submitting')) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
  return { actor, sent, change, fillValid, settled };
};

describe('createTaskMachine', () => {
  describe('when submitted empty', () => {
    it('shows the spec texts on their fields and sends nothing', () => {
      const { actor, sent } = start();
      actor.send({ type: 'SUBMIT' });
      const { context } = actor.getSnapshot();
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(errorsOf(context, 'title')).toEqual([taskMessages.required]);
      expect(errorsOf(context, 'assignedTo')).toEqual([taskMessages.assigneeRequired]);
      expect(errorsOf(context, 'projectId')).toEqual([taskMessages.required]);
      expect(context.message).toBe('Please fill in the tasks title');
      expect(sent).toHaveLength(0);
    });

    it('drops an error as soon as its field is fixed', () => {
      const { actor, change } = start();
      actor.send({ type: 'SUBMIT' });
      change('title', 'Pour the foundation');
      expect(errorsOf(actor.getSnapshot().context, 'title')).toEqual([]);
      expect(errorsOf(actor.getSnapshot().context, 'assignedTo')).toEqual([taskMessages.assigneeRequired]);
    });
  });

  it('shows no error before the first submit', () => {
    const { actor, change } = start();
    change('description', 'x'.repeat(251));
    expect(errorsOf(actor.getSnapshot().context, 'description')).toEqual([]);
  });

  it('refuses a description over 250 characters with "Max 250 characters"', () => {
    const { actor, change, fillValid, sent } = start();
    fillValid();
    change('description', 'x'.repeat(251));
    actor.send({ type: 'SUBMIT' });
    expect(errorsOf(actor.getSnapshot().context, 'description')).toEqual(['Max 250 characters']);
    expect(sent).toHaveLength(0);
  });

  it('requires a priority', () => {
    const { actor, change, fillValid } = start();
    fillValid();
    change('priority', '');
    actor.send({ type: 'SUBMIT' });
    expect(errorsOf(actor.getSnapshot().context, 'priority')).toEqual([taskMessages.required]);
  });

  describe('labels and the SBS code', () => {
    it('are not chosen before a project', () => {
      const { actor, change } = start();
      change('labels', ['lab-1']);
      change('sbscode', 'A.1');
      expect(actor.getSnapshot().context.values.labels).toEqual([]);
      expect(actor.getSnapshot().context.values.sbscode).toBe('');
    });

    it('are chosen after a project and cleared when it changes', () => {
      const { actor, change } = start();
      change('projectId', 'p-1');
      change('labels', ['lab-1']);
      change('sbscode', 'A.1');
      expect(actor.getSnapshot().context.values).toMatchObject({ labels: ['lab-1'], sbscode: 'A.1' });
      change('projectId', 'p-2');
      expect(actor.getSnapshot().context.values).toMatchObject({ labels: [], sbscode: '' });
    });
  });

  it('keeps a given project fixed', () => {
    const { actor, change } = start({ projectId: 'p-9' });
    change('projectId', 'p-1');
    expect(actor.getSnapshot().context.values.projectId).toBe('p-9');
    expect(actor.getSnapshot().context.projectFixed).toBe(true);
  });

  it('sends the spec body and ends with the server task', async () => {
    const { actor, change, fillValid, sent } = start({ parentId: 't-0' });
    fillValid();
    change('due', '2026-12-01');
    change('labels', ['lab-1']);
    actor.send({ type: 'SUBMIT' });
    const output = await toPromise(actor);
    expect(sent).toEqual([
      {
        parent: 't-0',
        project: 'p-1',
        title: 'Pour the foundation',
        priority: 'normal',
        description: null,
        assigned_to: 'u-2',
        planned_start: null,
        planned_end: null,
        due: '2026-12-01',
        labels: ['lab-1'],
        sbscode: null,
        license: 'l-1',
        is_private: false,
      },
    ]);
    expect(output.created?.data).toMatchObject({ id: 't-1', title: 'Pour the foundation' });
  });

  it("puts the server's field errors on their fields until the field changes", async () => {
    const { actor, change, fillValid, settled } = start({}, async () => {
      throw new ApiError(422, 'The assigned user has no access to this project.', {
        assigned_to: ['The assigned user has no access to this project.'],
      });
    });
    fillValid();
    actor.send({ type: 'SUBMIT' });
    await settled();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(errorsOf(context, 'assignedTo')).toEqual(['The assigned user has no access to this project.']);
    expect(context.message).toBe('The assigned user has no access to this project.');
    change('assignedTo', 'u-3');
    expect(errorsOf(actor.getSnapshot().context, 'assignedTo')).toEqual([]);
  });
});
