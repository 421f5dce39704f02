import {
  TASK_PRIORITIES,
  hasTaskErrors,
  taskErrorsMessage,
  validateTaskFields,
  type TaskFieldErrors,
  type TaskPriority,
} from '@stramien/domain';
import { assign, fromPromise, setup } from 'xstate';
import { serverFieldErrors, serverMessage } from '../../../shared/apiErrors';
import { taskCalls, type TaskCommandAnswer } from '../queries';

export type CreateTaskAnswer = TaskCommandAnswer;

/** The create-task form as typed (spec 1 §7 create-task body, camelCase in the browser). */
export interface CreateTaskValues {
  title: string;
  description: string;
  priority: TaskPriority | '';
  projectId: string;
  assignedTo: string;
  plannedStart: string;
  plannedEnd: string;
  due: string;
  labels: string[];
  sbscode: string;
  isPrivate: boolean;
  parentId: string;
}

/** The body of POST /tasks-create (spec 1 §7): parent, project, title, priority, description, assigned_to, … */
export interface CreateTaskRequest {
  parent: string | null;
  project: string;
  title: string;
  priority: TaskPriority;
  description: string | null;
  assigned_to: string;
  planned_start: string | null;
  planned_end: string | null;
  due: string | null;
  labels: string[];
  sbscode: string | null;
  license: string;
  is_private: boolean;
}

export type CreateTaskField = keyof CreateTaskValues;

/** The failure of a create call as the machine needs it: the server's field errors and its message. */
export interface CreateTaskFailure {
  errors: Record<string, string[]>;
  message: string | null;
}

export interface CreateTaskInput {
  licenceId: string;
  /** given: the project is fixed (spec 1 §5 "project required (fixed when one is given)") */
  projectId?: string | null;
  parentId?: string | null;
  /** defaults the form may start with (a due date picked on the calendar, the signed-in user as assignee …) */
  initial?: Partial<CreateTaskValues>;
}

export interface CreateTaskContext {
  licenceId: string;
  values: CreateTaskValues;
  projectFixed: boolean;
  /** the form's own rules (the domain's), shown after a first submit and then following every change */
  errors: TaskFieldErrors;
  /** the server's field errors of the last refusal, keyed by the body's names; one goes when its field changes */
  serverErrors: Record<string, string[]>;
  /** after the first submit the rules run on every change, so an error goes away as soon as it is fixed */
  validated: boolean;
  /** the one-line message of the last refusal (spec: 'Please fill in the tasks title', 'Please add an assigned user') */
  message: string | null;
  /** the server's answer once created: its message and the task */
  created: CreateTaskAnswer | null;
}

export type CreateTaskEvent =
  | { type: 'CHANGE'; field: Exclude<CreateTaskField, 'labels' | 'isPrivate'>; value: string }
  | { type: 'CHANGE'; field: 'labels'; value: string[] }
  | { type: 'CHANGE'; field: 'isPrivate'; value: boolean }
  | { type: 'SUBMIT' };

export const emptyCreateTaskValues = (): CreateTaskValues => ({
  title: '',
  description: '',
  priority: 'normal',
  projectId: '',
  assignedTo: '',
  plannedStart: '',
  plannedEnd: '',
  due: '',
  labels: [],
  sbscode: '',
  isPrivate: false,
  parentId: '',
});

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The rules of spec 1 §5 that need no read (the domain's, so the form says what the server would). */
export const createTaskErrors = (values: CreateTaskValues): TaskFieldErrors =>
  validateTaskFields({
    title: values.title,
    description: values.description,
    priority: values.priority,
    projectId: values.projectId,
    assignedTo: values.assignedTo,
    plannedStart: values.plannedStart,
    plannedEnd: values.plannedEnd,
    due: values.due,
  });

export const toCreateTaskRequest = (licenceId: string, values: CreateTaskValues): CreateTaskRequest => ({
  parent: orNull(values.parentId),
  project: values.projectId,
  title: values.title.trim(),
  priority: (TASK_PRIORITIES as readonly string[]).includes(values.priority) ? (values.priority as TaskPriority) : 'normal',
  description: orNull(values.description),
  assigned_to: values.assignedTo,
  planned_start: orNull(values.plannedStart),
  planned_end: orNull(values.plannedEnd),
  due: orNull(values.due),
  labels: values.labels,
  sbscode: orNull(values.sbscode),
  license: licenceId,
  is_private: values.isPrivate,
});

/** labels and the SBS code belong to a project: they are chosen only after it (spec 1 §5) */
const PROJECT_BOUND: readonly CreateTaskField[] = ['labels', 'sbscode'];

/**
 * The create-task dialog (spec 1 §5): title, assigned user, priority and project required, description at most 250
 * characters, labels and the SBS code only once a project is chosen (and cleared when it changes), the project
 * fixed when one is given. A submit runs the domain's rules first; only a valid form reaches the server, whose
 * field errors land on their fields. Ends in `created` with the server's task.
 */
export const createTaskMachine = setup({
  types: {
    context: {} as CreateTaskContext,
    events: {} as CreateTaskEvent,
    input: {} as CreateTaskInput,
    output: {} as { created: CreateTaskAnswer | null },
  },
  actors: {
    /** POST /tasks-create; rejects with the ApiError when refused */
    createTask: fromPromise<CreateTaskAnswer, CreateTaskRequest>(({ input }) => taskCalls.create(input)),
  },
  guards: {
    changeAllowed: ({ context, event }) => {
      if (event.type !== 'CHANGE') return false;
      if (event.field === 'projectId' && context.projectFixed) return false;
      if (PROJECT_BOUND.includes(event.field) && context.values.projectId === '') return false;
      return true;
    },
    valid: ({ context }) => !hasTaskErrors(createTaskErrors(context.values)),
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      const values = { ...context.values, [event.field]: event.value } as CreateTaskValues;
      if (event.field === 'projectId' && event.value !== context.values.projectId) {
        values.labels = [];
        values.sbscode = '';
      }
      const serverErrors = { ...context.serverErrors };
      delete serverErrors[fieldKey(event.field)];
      return { values, serverErrors, errors: context.validated ? createTaskErrors(values) : {} };
    }),
    showOwnErrors: assign(({ context }) => {
      const errors = createTaskErrors(context.values);
      return { validated: true, errors, message: taskErrorsMessage(errors) };
    }),
    clearErrors: assign({ errors: {}, serverErrors: {}, message: null, validated: true }),
    showServerErrors: assign(({ event }) => {
      const failure = toFailure((event as { error?: unknown }).error);
      return { serverErrors: failure.errors, message: failure.message };
    }),
  },
}).createMachine({
  id: 'createTask',
  context: ({ input }) => {
    const values = { ...emptyCreateTaskValues(), ...input.initial };
    if (input.projectId) values.projectId = input.projectId;
    if (input.parentId) values.parentId = input.parentId;
    return {
      licenceId: input.licenceId,
      values,
      projectFixed: !!input.projectId,
      errors: {},
      serverErrors: {},
      validated: false,
      message: null,
      created: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { guard: 'changeAllowed', actions: 'change' },
        SUBMIT: [{ guard: 'valid', target: 'submitting', actions: 'clearErrors' }, { actions: 'showOwnErrors' }],
      },
    },
    submitting: {
      invoke: {
        src: 'createTask',
        input: ({ context }) => toCreateTaskRequest(context.licenceId, context.values),
        onDone: { target: 'created', actions: assign({ message: null, created: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: 'showServerErrors' },
      },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => ({ created: context.created }),
});

/** The form field an API field error belongs to ('assigned_to' -> assignedTo …). */
const FIELD_KEYS: Partial<Record<CreateTaskField, string>> = {
  title: 'title',
  description: 'description',
  priority: 'priority',
  projectId: 'project',
  assignedTo: 'assigned_to',
  plannedStart: 'planned_start',
  plannedEnd: 'planned_end',
  due: 'due',
  labels: 'labels',
  sbscode: 'sbscode',
  isPrivate: 'is_private',
  parentId: 'parent',
};
export const fieldKey = (field: CreateTaskField): string => FIELD_KEYS[field] ?? field;

/** A refusal of the `createTask` actor: the server's field errors and message, in the user's language. */
export const toFailure = (error: unknown): CreateTaskFailure => ({
  errors: serverFieldErrors(error) ?? {},
  message: serverMessage(error) ?? (error instanceof Error ? error.message : null),
});

/** The messages to show under a form field: the form's own first, else the server's. */
export const errorsOf = (context: Pick<CreateTaskContext, 'errors' | 'serverErrors'>, field: CreateTaskField): string[] => {
  const key = fieldKey(field);
  return (context.errors as Record<string, string[] | undefined>)[key] ?? context.serverErrors[key] ?? [];
};
