import { ApiError } from '@stramien/api';
import { messages, workflowMessages, type Panel } from '@stramien/domain';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { jobFormMachine, localErrors, toRequestValues, type JobFormJob, type JobFormRequest } from './jobFormMachine';

const panels: Panel[] = [
  {
    id: 'intake',
    title: 'Intake',
    fields: [
      { id: 'note', label: 'Note', type: 'text', required: true },
      { id: 'height', label: 'Height', type: 'number' },
      { id: 'kind', label: 'Kind', type: 'choice', options: ['wall', 'floor'] },
      { id: 'checked', label: 'Checked', type: 'checkbox', required: true },
      { id: 'module', label: 'Module', type: 'record', table: 'Modules', required: true },
    ],
  },
];

const jobOf = (overrides: Partial<JobFormJob> = {}): JobFormJob => ({
  jobId: 'j-1',
  nodeId: 'n-1',
  sessionId: 's-1',
  status: 'open',
  panels,
  values: { note: 'first', height: 2.5, kind: null, checked: false, module: null },
  ...overrides,
});

/** The machine with in-memory calls that record what they were sent. */
const start = (
  calls: {
    load?: () => Promise<JobFormJob>;
    save?: (request: JobFormRequest) => Promise<JobFormJob>;
    finish?: (request: JobFormRequest) => Promise<JobFormJob>;
  } = {},
) => {
  const saved: JobFormRequest[] = [];
  const finished: JobFormRequest[] = [];
  const machine = jobFormMachine.provide({
    actors: {
      loadJob: fromPromise(calls.load ?? (async () => jobOf())),
      saveDraft: fromPromise<JobFormJob, JobFormRequest>(async ({ input }) => {
        saved.push(input);
        return calls.save ? calls.save(input) : jobOf({ values: input.values });
      }),
      finishJob: fromPromise<JobFormJob, JobFormRequest>(async ({ input }) => {
        finished.push(input);
        return calls.finish ? calls.finish(input) : jobOf({ status: 'finished', values: input.values });
      }),
    },
  });
  const actor = createActor(machine, { input: { projectId: 'p-1', jobId: 'j-1' } }).start();
  const change = (field: string, value: string | boolean) => actor.send({ type: 'CHANGE', field, value });
  const settled = () => waitFor(actor, (s) => !s.matches('loading') && !s.matches('savingDraft') && !s.matches('finishing'));
  return { actor, saved, finished, change, settled };
};

describe('jobFormMachine', () => {
  it('loads the job and shows its saved values as the form holds them', async () => {
    const { actor, settled } = start();
    await settled();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ note: 'first', height: '2.5', kind: '', checked: false, module: '' });
  });

  it('opens a finished job read-only: changes are ignored', async () => {
    const { actor, change, settled } = start({ load: async () => jobOf({ status: 'finished' }) });
    await settled();
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    change('note', 'later');
    expect(actor.getSnapshot().context.values.note).toBe('first');
  });

  it('lets a waiting job be read but not changed, saved or finished', async () => {
    const { actor, change, saved, finished, settled } = start({ load: async () => jobOf({ status: 'waiting' }) });
    await settled();
    change('note', 'early');
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.values.note).toBe('first');
    expect([saved, finished]).toEqual([[], []]);
  });

  it('ends in error when the job cannot be loaded, and loads again on retry', async () => {
    let attempts = 0;
    const { actor, settled } = start({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError(404, workflowMessages.jobNotFound);
        return jobOf();
      },
    });
    await settled();
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Job not found.');
    actor.send({ type: 'RETRY' });
    await settled();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  describe('a draft', () => {
    it('is saved with the values as typed, empty ones as null, without asking the required fields', async () => {
      const { actor, change, saved, settled } = start();
      await settled();
      change('note', '');
      change('height', '3');
      expect(actor.getSnapshot().context.dirty).toBe(true);
      actor.send({ type: 'SAVE' });
      await settled();
      expect(saved).toEqual([
        { projectId: 'p-1', jobId: 'j-1', values: { note: null, height: '3', kind: null, checked: false, module: null } },
      ]);
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ dirty: false, saved: true, errors: {} });
    });

    it("keeps the server's field errors on their fields until the field changes", async () => {
      const { actor, change, settled } = start({
        save: async () => {
          throw new ApiError(422, messages.shared.invalidInput, { height: [messages.validation.notNumber] });
        },
      });
      await settled();
      change('height', 'tall');
      actor.send({ type: 'SAVE' });
      await settled();
      expect(actor.getSnapshot().context.errors).toEqual({ height: [messages.validation.notNumber] });
      expect(actor.getSnapshot().context.saved).toBe(false);
      change('height', '3');
      expect(actor.getSnapshot().context.errors).toEqual({});
    });
  });

  describe('finishing', () => {
    it('asks the required fields first and sends nothing while one is empty', async () => {
      const { actor, change, finished, settled } = start();
      await settled();
      change('note', '  ');
      actor.send({ type: 'FINISH' });
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(actor.getSnapshot().context.errors).toEqual({
        note: [messages.validation.required],
        checked: [workflowMessages.fieldMustBeChecked],
        module: [messages.validation.required],
      });
      expect(finished).toEqual([]);
    });

    it('refuses a value of the wrong type before sending', async () => {
      const { actor, change, finished, settled } = start();
      await settled();
      change('checked', true);
      change('module', 'r-1');
      change('height', 'tall');
      actor.send({ type: 'FINISH' });
      expect(actor.getSnapshot().context.errors).toEqual({ height: [messages.validation.notNumber] });
      expect(finished).toEqual([]);
    });

    it('sends the complete form and ends read-only with the finished job', async () => {
      const { actor, change, finished, settled } = start();
      await settled();
      change('checked', true);
      change('module', 'r-1');
      change('kind', 'wall');
      actor.send({ type: 'FINISH' });
      await settled();
      expect(finished).toEqual([
        { projectId: 'p-1', jobId: 'j-1', values: { note: 'first', height: '2.5', kind: 'wall', checked: true, module: 'r-1' } },
      ]);
      expect(actor.getSnapshot().matches('finished')).toBe(true);
      expect(actor.getSnapshot().context.values.checked).toBe(true);
    });

    it("shows the server's refusal (a record that is not there) at the field and stays editable", async () => {
      const notARecord = 'Choose a record of the table Modules.';
      const { actor, change, settled } = start({
        finish: async () => {
          throw new ApiError(422, messages.shared.invalidInput, { module: [notARecord] });
        },
      });
      await settled();
      change('checked', true);
      change('module', 'r-gone');
      actor.send({ type: 'FINISH' });
      await settled();
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(actor.getSnapshot().context.errors).toEqual({ module: [notARecord] });
      expect(actor.getSnapshot().context.message).toBe(messages.shared.invalidInput);
    });
  });

  it('loads again on a pushed change only while nothing is typed', async () => {
    let loads = 0;
    const { actor, change, settled } = start({
      load: async () => {
        loads += 1;
        return jobOf();
      },
    });
    await settled();
    actor.send({ type: 'REFRESH' });
    await settled();
    expect(loads).toBe(2);
    change('note', 'typing');
    actor.send({ type: 'REFRESH' });
    await settled();
    expect(loads).toBe(2);
    expect(actor.getSnapshot().context.values.note).toBe('typing');
  });
});

describe('the form values', () => {
  it('become the request: empty text null, a checkbox true or false', () => {
    expect(toRequestValues(panels, { note: ' x ', height: '', kind: 'floor', checked: false, module: '' })).toEqual({
      note: ' x ',
      height: null,
      kind: 'floor',
      checked: false,
      module: null,
    });
  });

  it('are checked like the server checks a finish, records taken as picked', () => {
    expect(localErrors(panels, { note: 'n', height: '1', kind: 'roof', checked: true, module: 'r-1' })).toEqual({
      kind: [workflowMessages.fieldNotAnOption],
    });
  });
  it("holds an uploaded file's id as a file field's value: required until one is uploaded, then sent, the server's refusal at the field", async () => {
    const filePanels: Panel[] = [{ id: 'docs', title: 'Docs', fields: [{ id: 'plan', label: 'Plan', type: 'file', required: true }] }];
    const refusal = new ApiError(422, messages.shared.invalidInput, { plan: [workflowMessages.fieldNotAFile] });
    let refuse = true;
    const { actor, change, finished, settled } = start({
      load: async () => jobOf({ panels: filePanels, values: { plan: null } }),
      finish: async (request) => {
        if (refuse) throw refusal;
        return jobOf({ panels: filePanels, status: 'finished', values: request.values });
      },
    });
    await settled();
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().context.errors).toEqual({ plan: [messages.validation.required] });
    expect(finished).toHaveLength(0);
    // JobFileInput reports the id the upload answered
    change('plan', 'file-1');
    actor.send({ type: 'FINISH' });
    await settled();
    expect(finished.at(-1)!.values).toEqual({ plan: 'file-1' });
    expect(actor.getSnapshot().context.errors).toEqual({ plan: [workflowMessages.fieldNotAFile] });
    refuse = false;
    change('plan', 'file-2');
    actor.send({ type: 'FINISH' });
    await settled();
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ plan: 'file-2' });
  });
});
