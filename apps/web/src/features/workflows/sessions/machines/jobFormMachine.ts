import {
  validatePanelValues,
  type CellValue,
  type Panel,
  type PanelField,
  type PanelValueContext,
  type PanelValues,
  type SessionJobStatus,
} from '@stramien/domain';
import { assign, fromPromise, setup } from 'xstate';
import { serverFieldErrors, serverMessage } from '../../../../shared/apiErrors';

/** A field as the form holds it: text for every kind but the checkbox (a date as yyyy-mm-dd, a record or file as its id). */
export type JobFieldValue = string | boolean;
export type JobFormValues = Record<string, JobFieldValue>;

/** The job as the form needs it (GET …/job/:jobId/node, mapped in queries.ts). */
export interface JobFormJob {
  jobId: string;
  nodeId: string;
  sessionId: string;
  status: SessionJobStatus;
  /** the block's panels (empty for an automated job) */
  panels: Panel[];
  /** the values saved so far (a draft) or, once finished, its final values */
  values: PanelValues;
}

/** The calls the machine makes; the page gives the real ones (queries.ts), a test its fakes through `.provide`. */
export interface JobFormRequest {
  projectId: string;
  jobId: string;
  /** field id -> the value as typed ('' and an unticked box are empty: null) */
  values: Record<string, CellValue>;
}

export interface JobFormInput {
  projectId: string;
  jobId: string;
}

export interface JobFormContext {
  projectId: string;
  jobId: string;
  job: JobFormJob | null;
  values: JobFormValues;
  /** messages per field id: the form's own (after a finish was tried) or the server's, until the field changes */
  errors: Record<string, string[]>;
  /** the one-line message of the last refusal or failure */
  message: string | null;
  /** changed since it was loaded or saved */
  dirty: boolean;
  /** the draft was saved and nothing changed since */
  saved: boolean;
}

export type JobFormEvent =
  | { type: 'CHANGE'; field: string; value: JobFieldValue }
  | { type: 'SAVE' }
  | { type: 'FINISH' }
  /** try the load again after it failed */
  | { type: 'RETRY' }
  /** the job changed elsewhere (a pushed update): load it again unless the user is typing */
  | { type: 'REFRESH' };

const fieldsOf = (panels: readonly Panel[]): PanelField[] => panels.flatMap((panel) => panel.fields);

/** A stored value as the form shows it. */
export const toFormValue = (field: PanelField, value: CellValue | undefined): JobFieldValue => {
  if (field.type === 'checkbox') return value === true;
  if (value === null || value === undefined) return '';
  return field.type === 'date' ? String(value).slice(0, 10) : String(value);
};

export const toFormValues = (panels: readonly Panel[], values: PanelValues): JobFormValues =>
  Object.fromEntries(fieldsOf(panels).map((field) => [field.id, toFormValue(field, values[field.id])]));

/** The form's values as the API takes them: empty text and an unticked box are null; the server checks the rest. */
export const toRequestValues = (panels: readonly Panel[], values: JobFormValues): Record<string, CellValue> =>
  Object.fromEntries(
    fieldsOf(panels).map((field) => {
      const value = values[field.id];
      if (field.type === 'checkbox') return [field.id, value === true];
      const text = typeof value === 'string' ? value : '';
      return [field.id, text.trim() === '' ? null : text];
    }),
  );

/**
 * What the server would say of a finish, as far as the browser can know (the domain's `validatePanelValues`): each
 * value's type and the required fields. Whether a record, SBS code or file exists only the server knows: the ids
 * the pickers gave count as known here.
 */
export const localErrors = (panels: readonly Panel[], values: JobFormValues): Record<string, string[]> => {
  const input = toRequestValues(panels, values);
  const picked = (type: PanelField['type']) =>
    fieldsOf(panels)
      .filter((field) => field.type === type && typeof input[field.id] === 'string')
      .map((field) => ({ field, value: String(input[field.id]) }));
  const facts: PanelValueContext = {
    knownRecords: picked('record').map(({ field, value }) => ({ recordId: value, table: field.type === 'record' ? field.table : '' })),
    knownSbsCodes: picked('sbscode').map(({ value }) => value.trim()),
    knownFileIds: picked('file').map(({ value }) => value.trim()),
  };
  const checked = validatePanelValues(panels, input, facts, { complete: true });
  return checked.ok ? {} : checked.errors;
};

const failureOf = (error: unknown) => ({
  errors: serverFieldErrors(error) ?? {},
  message: serverMessage(error) ?? (error instanceof Error ? error.message : null),
});

const loaded = (job: JobFormJob) => ({
  job,
  values: toFormValues(job.panels, job.values),
  errors: {},
  dirty: false,
});

/**
 * The job screen's form (docs/workflows.md "Screens"): it loads the job, is edited field by field, saves a draft
 * (checked for types only, as the server does) and finishes (the required fields too, first in the browser with the
 * domain's rules, then on the server, whose field errors land on their fields). A finished job is read-only; a job
 * that is not open (waiting) is shown but cannot be saved or finished.
 */
export const jobFormMachine = setup({
  types: {
    context: {} as JobFormContext,
    events: {} as JobFormEvent,
    input: {} as JobFormInput,
  },
  actors: {
    /** GET …/job/:jobId/node */
    loadJob: fromPromise<JobFormJob, JobFormInput>(async () => {
      throw new Error('loadJob is provided by the page');
    }),
    /** saves the panels without finishing: answers the job as saved */
    saveDraft: fromPromise<JobFormJob, JobFormRequest>(async () => {
      throw new Error('saveDraft is provided by the page');
    }),
    /** POST …/job/:jobId/finish: answers the finished job */
    finishJob: fromPromise<JobFormJob, JobFormRequest>(async () => {
      throw new Error('finishJob is provided by the page');
    }),
  },
  guards: {
    isFinished: ({ event }) => (event as { output?: JobFormJob }).output?.status === 'finished',
    isOpen: ({ context }) => context.job?.status === 'open',
    completeHere: ({ context }) => context.job !== null && Object.keys(localErrors(context.job.panels, context.values)).length === 0,
    untouched: ({ context }) => !context.dirty,
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'CHANGE' || !context.job || !(event.field in context.values)) return {};
      const errors = { ...context.errors };
      delete errors[event.field];
      return { values: { ...context.values, [event.field]: event.value }, errors, dirty: true, saved: false };
    }),
    showOwnErrors: assign(({ context }) => ({ errors: context.job ? localErrors(context.job.panels, context.values) : {} })),
    showFailure: assign(({ event }) => failureOf((event as { error?: unknown }).error)),
    clearMessage: assign({ message: null, errors: {} }),
  },
}).createMachine({
  id: 'jobForm',
  context: ({ input }) => ({
    projectId: input.projectId,
    jobId: input.jobId,
    job: null,
    values: {},
    errors: {},
    message: null,
    dirty: false,
    saved: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadJob',
        input: ({ context }) => ({ projectId: context.projectId, jobId: context.jobId }),
        onDone: [
          { guard: 'isFinished', target: 'finished', actions: assign(({ event }) => loaded(event.output)) },
          { target: 'editing', actions: assign(({ event }) => loaded(event.output)) },
        ],
        onError: { target: 'error', actions: 'showFailure' },
      },
    },
    editing: {
      on: {
        CHANGE: { guard: 'isOpen', actions: 'change' },
        SAVE: { guard: 'isOpen', target: 'savingDraft', actions: 'clearMessage' },
        FINISH: [
          { guard: ({ context }) => context.job?.status !== 'open' },
          { guard: 'completeHere', target: 'finishing', actions: 'clearMessage' },
          { actions: 'showOwnErrors' },
        ],
        REFRESH: { guard: 'untouched', target: 'loading' },
      },
    },
    savingDraft: {
      invoke: {
        src: 'saveDraft',
        input: ({ context }) => ({
          projectId: context.projectId,
          jobId: context.jobId,
          values: toRequestValues(context.job!.panels, context.values),
        }),
        onDone: { target: 'editing', actions: assign(({ event }) => ({ ...loaded(event.output), saved: true })) },
        onError: { target: 'editing', actions: 'showFailure' },
      },
    },
    finishing: {
      invoke: {
        src: 'finishJob',
        input: ({ context }) => ({
          projectId: context.projectId,
          jobId: context.jobId,
          values: toRequestValues(context.job!.panels, context.values),
        }),
        onDone: { target: 'finished', actions: assign(({ event }) => loaded(event.output)) },
        onError: { target: 'editing', actions: 'showFailure' },
      },
    },
    /** read-only: the values it was finished with (not a final state: the page keeps sending pushed updates) */
    finished: {},
    /** the job could not be loaded */
    error: {
      on: { RETRY: { target: 'loading', actions: 'clearMessage' } },
    },
  },
});

/** The messages under a field. */
export const fieldErrors = (context: Pick<JobFormContext, 'errors'>, fieldId: string): string[] => context.errors[fieldId] ?? [];
