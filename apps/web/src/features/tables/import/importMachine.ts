import type { Download } from '@stramien/api';
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { serverMessage } from '../../../shared/apiErrors';
import { serverText } from '../../../shared/serverText';
import { i18n } from '../../../shared/i18n';
import { CsvFileError, readChosenFile, type ChosenFile } from './csvFile';
import {
  ERRORS_PAGE_SIZE,
  hasEnded,
  importCalls,
  type ImportAnswer,
  type ImportRequest,
  type VerifyAnswer,
  type VerifyError,
  type VerifyRequest,
} from './importCalls';
import { defaultMapping, isMappingComplete, type ImportColumn, type ImportMapping } from './mapping';

/** How often the running job is asked for its progress. */
export const JOB_POLL_MS = 1_000;

export interface ImportInput {
  tableId: string;
  /** the table's columns, the targets of the mapping */
  columns: ImportColumn[];
}

export interface ImportContext {
  tableId: string;
  columns: ImportColumn[];
  file: ChosenFile | null;
  mapping: ImportMapping;
  /** the server's check of the file with the mapping: rows, headers, the number of errors */
  check: VerifyAnswer | null;
  /** the errors fetched so far (pages of the server's list, in row then column order) */
  errors: VerifyError[];
  job: Download | null;
  /** the message of the last thing that went wrong (a refused call, an unreadable file, a failed job), translated */
  problem: string | null;
}

export type ImportEvent =
  | { type: 'FILE'; file: File }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'MAP'; header: string; column: string | null }
  | { type: 'MORE' }
  | { type: 'IMPORT' }
  | { type: 'CANCEL' }
  /** the job's view, as the watcher polls it */
  | { type: 'JOB'; job: Download };

export interface ImportOutput {
  job: Download | null;
}

/** What the wizard says when a call fails without a message of the server's. */
type FallbackText =
  'tablesImport.file.unreadable' | 'tablesImport.check.failed' | 'tablesImport.run.failed' | 'tablesImport.run.cancel-failed';

const problemOf = (error: unknown, fallback: FallbackText): string => {
  if (error instanceof CsvFileError) return i18n.t(error.key, { ns: 'tablesImport', ...error.values });
  return serverMessage(error) ?? i18n.t(fallback, { ns: 'tablesImport' });
};

/** A file chosen again keeps what the user mapped for the headers it still has; its new headers get the default. */
const keepMapping = (held: ImportMapping, fresh: ImportMapping): ImportMapping =>
  Object.fromEntries(Object.entries(fresh).map(([header, column]) => [header, header in held ? (held[header] ?? null) : column]));

const verifyInput = (context: ImportContext, offset: number): VerifyRequest => ({
  table: context.tableId,
  file: context.file?.base64 ?? '',
  mapping: context.mapping,
  offset,
  limit: ERRORS_PAGE_SIZE,
});

/**
 * The table import wizard (spec 2 §5; issue 8 "map CSV columns to table columns in a wizard with a preview"):
 * choose a file -> preview (its first rows, read in the browser) -> mapping (CSV header -> column) -> check (the
 * server's `POST /records/verify`: errors per row and column, fetched page by page) -> import (`POST
 * /records/import`, a job whose progress is polled, cancelable) -> done. A failed job leads back to the check, its
 * errors fetched with a second call (spec 2 §5 "A table import failure shows validation errors fetched by a second
 * call"); the user fixes the file and chooses it again. The server and the file are reached only through actors, so
 * tests swap them with `provide`.
 */
export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
    output: {} as ImportOutput,
  },
  actors: {
    readFile: fromPromise<ChosenFile, File>(({ input }) => readChosenFile(input)),
    verify: fromPromise<VerifyAnswer, VerifyRequest>(({ input }) => importCalls.verify(input)),
    startImport: fromPromise<ImportAnswer, ImportRequest>(({ input }) => importCalls.start(input)),
    cancelJob: fromPromise<void, string>(({ input }) => importCalls.cancel(input)),
    /** polls the job every JOB_POLL_MS and sends each view back as JOB, until it has ended */
    watchJob: fromCallback<EventObject, string>(({ input, sendBack }) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      const poll = async () => {
        try {
          const job = await importCalls.job(input);
          if (stopped) return;
          sendBack({ type: 'JOB', job } satisfies ImportEvent);
          if (hasEnded(job)) return;
        } catch {
          // a lost answer is asked again at the next tick
        }
        if (!stopped) timer = setTimeout(() => void poll(), JOB_POLL_MS);
      };
      timer = setTimeout(() => void poll(), JOB_POLL_MS);
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    }),
  },
  guards: {
    mappingComplete: ({ context }) => isMappingComplete(context.mapping),
    hasMoreErrors: ({ context }) => context.check !== null && context.errors.length < context.check.total_errors,
    fileValid: ({ context }) => context.check !== null && context.check.total_errors === 0,
    jobFinished: ({ event }) => event.type === 'JOB' && event.job.state === 'finished',
    jobFailed: ({ event }) => event.type === 'JOB' && event.job.state === 'failed',
    jobCanceled: ({ event }) => event.type === 'JOB' && event.job.state === 'canceled',
  },
  actions: {
    clearProblem: assign({ problem: null }),
    map: assign({
      mapping: ({ context, event }) => (event.type === 'MAP' ? { ...context.mapping, [event.header]: event.column } : context.mapping),
      problem: null,
    }),
    takeJob: assign({ job: ({ context, event }) => (event.type === 'JOB' ? event.job : context.job) }),
  },
}).createMachine({
  id: 'tableImport',
  context: ({ input }) => ({
    tableId: input.tableId,
    columns: input.columns,
    file: null,
    mapping: {},
    check: null,
    errors: [],
    job: null,
    problem: null,
  }),
  initial: 'choosing',
  states: {
    choosing: { on: { FILE: 'reading' } },
    reading: {
      on: { FILE: { target: 'reading', reenter: true } },
      invoke: {
        src: 'readFile',
        input: ({ event }) => (event as Extract<ImportEvent, { type: 'FILE' }>).file,
        onDone: {
          target: 'preview',
          actions: assign(({ context, event }) => ({
            file: event.output,
            mapping: keepMapping(context.mapping, defaultMapping(event.output.preview.headers, context.columns)),
            check: null,
            errors: [],
            job: null,
            problem: null,
          })),
        },
        onError: {
          target: 'choosing',
          actions: assign({ file: null, problem: ({ event }) => problemOf(event.error, 'tablesImport.file.unreadable') }),
        },
      },
    },
    preview: {
      on: {
        FILE: 'reading',
        NEXT: 'mapping',
        BACK: { target: 'choosing', actions: 'clearProblem' },
      },
    },
    mapping: {
      on: {
        FILE: 'reading',
        MAP: { actions: 'map' },
        NEXT: { guard: 'mappingComplete', target: 'verifying', actions: 'clearProblem' },
        BACK: 'preview',
      },
    },
    verifying: {
      invoke: {
        src: 'verify',
        input: ({ context }) => verifyInput(context, 0),
        onDone: { target: 'checked', actions: assign({ check: ({ event }) => event.output, errors: ({ event }) => event.output.errors }) },
        onError: { target: 'mapping', actions: assign({ problem: ({ event }) => problemOf(event.error, 'tablesImport.check.failed') }) },
      },
    },
    checked: {
      initial: 'idle',
      on: {
        // the user fixed the file and chooses it again: it starts over from its preview
        FILE: 'reading',
        BACK: { target: 'mapping', actions: 'clearProblem' },
        IMPORT: { guard: 'fileValid', target: 'starting', actions: 'clearProblem' },
      },
      states: {
        idle: { on: { MORE: { guard: 'hasMoreErrors', target: 'loadingMore' } } },
        loadingMore: {
          invoke: {
            src: 'verify',
            input: ({ context }) => verifyInput(context, context.errors.length),
            onDone: { target: 'idle', actions: assign({ errors: ({ context, event }) => [...context.errors, ...event.output.errors] }) },
            onError: { target: 'idle', actions: assign({ problem: ({ event }) => problemOf(event.error, 'tablesImport.check.failed') }) },
          },
        },
      },
    },
    starting: {
      invoke: {
        src: 'startImport',
        input: ({ context }) => ({ table: context.tableId, file: context.file?.base64 ?? '', mapping: context.mapping }),
        onDone: { target: 'running', actions: assign({ job: ({ event }) => event.output.data }) },
        onError: { target: 'checked', actions: assign({ problem: ({ event }) => problemOf(event.error, 'tablesImport.run.failed') }) },
      },
    },
    running: {
      invoke: { src: 'watchJob', input: ({ context }) => context.job?.id ?? '' },
      on: {
        JOB: [
          { guard: 'jobFinished', target: 'done', actions: 'takeJob' },
          { guard: 'jobCanceled', target: 'canceled', actions: 'takeJob' },
          { guard: 'jobFailed', target: 'fetchingErrors', actions: 'takeJob' },
          { actions: 'takeJob' },
        ],
      },
      initial: 'working',
      states: {
        working: { on: { CANCEL: 'canceling' } },
        canceling: {
          invoke: {
            src: 'cancelJob',
            input: ({ context }) => context.job?.id ?? '',
            onDone: 'working',
            onError: {
              target: 'working',
              actions: assign({ problem: ({ event }) => problemOf(event.error, 'tablesImport.run.cancel-failed') }),
            },
          },
        },
      },
    },
    // the job failed: its errors come from a second call (spec 2 §5)
    fetchingErrors: {
      invoke: {
        src: 'verify',
        input: ({ context }) => verifyInput(context, 0),
        onDone: {
          target: 'checked',
          actions: assign(({ context, event }) => ({
            check: event.output,
            errors: event.output.errors,
            problem:
              event.output.total_errors > 0
                ? i18n.t('tablesImport.run.invalid', { ns: 'tablesImport' })
                : context.job?.reason
                  ? serverText(context.job.reason)
                  : i18n.t('tablesImport.run.failed', { ns: 'tablesImport' }),
          })),
        },
        onError: { target: 'checked', actions: assign({ problem: ({ event }) => problemOf(event.error, 'tablesImport.run.failed') }) },
      },
    },
    done: { type: 'final' },
    canceled: { type: 'final' },
  },
  output: ({ context }) => ({ job: context.job }),
});

/** The wizard's five steps, for the step bar: which one a state belongs to. */
export const IMPORT_STEPS = ['file', 'preview', 'mapping', 'check', 'import'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export const stepOf = (state: { matches: (value: never) => boolean }): ImportStep => {
  const is = (value: string) => state.matches(value as never);
  if (is('choosing') || is('reading')) return 'file';
  if (is('preview')) return 'preview';
  if (is('mapping')) return 'mapping';
  if (is('verifying') || is('checked') || is('fetchingErrors')) return 'check';
  return 'import';
};
