import { ApiError, type Download } from '@stramien/api';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { i18n } from '../../../shared/i18n';
import { CsvFileError, type ChosenFile } from './csvFile';
import type { ImportAnswer, ImportRequest, VerifyAnswer, VerifyError, VerifyRequest } from './importCalls';
import { importMachine, stepOf, type ImportEvent } from './importMachine';

const COLUMNS = [
  { id: 'c-code', name: 'Code' },
  { id: 'c-width', name: 'Width' },
];

const chosen = (name = 'frames.csv', headers = ['Code', 'Width', 'Remark']): ChosenFile => ({
  name,
  size: 42,
  base64: btoa(name),
  preview: { headers, rows: [['K-1', '1,25', 'x']], delimiter: ';' },
});

const errorAt = (row: number): VerifyError => ({
  row,
  column: 'c-width',
  header: 'Width',
  value: 'wide',
  message: 'Please fill in a number',
});

const answer = (request: VerifyRequest, totalErrors: number, rows = 3): VerifyAnswer => {
  const all = Array.from({ length: totalErrors }, (_, i) => errorAt(i + 1));
  const offset = request.offset ?? 0;
  return {
    headers: ['Code', 'Width', 'Remark'],
    delimiter: ';',
    rows,
    mapping: request.mapping ?? {},
    total_errors: totalErrors,
    errors: all.slice(offset, offset + (request.limit ?? 200)),
  };
};

const jobOf = (state: Download['state'], done = 0, reason: string | null = null): Download => ({
  id: 'job-1',
  kind: 'records-import',
  name: 'frames.csv',
  size: null,
  content_type: null,
  state,
  progress: { done, total: 3, percent: Math.round((done / 3) * 100) },
  created_at: '2026-11-23T20:00:00.000Z',
  finished_at: null,
  reason,
});

/**
 * The machine with in-memory actors: `files` are what reading each chosen file gives, `errors` the number of errors
 * each verify call finds (the last one repeats), and the job watcher is driven by the test through `job(...)`.
 */
const start = (options: { files?: Array<ChosenFile | Error>; errors?: number[]; verifyFails?: unknown; startFails?: unknown } = {}) => {
  const files = [...(options.files ?? [chosen()])];
  const counts = options.errors ?? [0];
  let checks = 0;
  const verified: VerifyRequest[] = [];
  const started: ImportRequest[] = [];
  const canceled: string[] = [];
  let sendJob: ((event: EventObject) => void) | null = null;
  const machine = importMachine.provide({
    actors: {
      readFile: fromPromise<ChosenFile, File>(async () => {
        const next = files.length > 1 ? files.shift()! : files[0]!;
        if (next instanceof Error) throw next;
        return next;
      }),
      verify: fromPromise<VerifyAnswer, VerifyRequest>(async ({ input }) => {
        verified.push(input);
        if (options.verifyFails) throw options.verifyFails;
        // each check from the start (offset 0) takes the next count; a page further takes its check's
        if ((input.offset ?? 0) === 0) checks++;
        return answer(input, counts[Math.min(checks, counts.length) - 1]!);
      }),
      startImport: fromPromise<ImportAnswer, ImportRequest>(async ({ input }) => {
        started.push(input);
        if (options.startFails) throw options.startFails;
        return { data: jobOf('requested'), message: 'Import job started' } as ImportAnswer;
      }),
      cancelJob: fromPromise<void, string>(async ({ input }) => {
        canceled.push(input);
      }),
      watchJob: fromCallback<EventObject, string>(({ sendBack }) => {
        sendJob = sendBack;
        return () => {
          sendJob = null;
        };
      }),
    },
  });
  const actor = createActor(machine, { input: { tableId: 't-1', columns: COLUMNS } }).start();
  const send = (event: ImportEvent) => actor.send(event);
  const file = () => send({ type: 'FILE', file: new File(['x'], 'frames.csv') });
  const job = (view: Download) => {
    if (!sendJob) throw new Error('no job watched');
    sendJob({ type: 'JOB', job: view } satisfies ImportEvent as EventObject);
  };
  const reach = (state: string) => waitFor(actor, (s) => s.matches(state as never));
  /** file chosen, previewed, mapped and checked */
  const toChecked = async () => {
    file();
    await reach('preview');
    send({ type: 'NEXT' });
    send({ type: 'NEXT' });
    await reach('checked');
  };
  return { actor, send, file, job, reach, toChecked, verified, started, canceled, isWatching: () => sendJob !== null };
};

describe('importMachine', () => {
  it('starts at the file step', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(stepOf(actor.getSnapshot())).toBe('file');
  });

  describe('when a file is chosen', () => {
    it('previews it and maps headers of equal name (any case) to their columns, the others not imported', async () => {
      const { actor, file, reach } = start({ files: [chosen('a.csv', ['code', ' WIDTH ', 'Remark'])] });
      file();
      await reach('preview');
      expect(stepOf(actor.getSnapshot())).toBe('preview');
      expect(actor.getSnapshot().context.file?.name).toBe('a.csv');
      expect(actor.getSnapshot().context.mapping).toEqual({ code: 'c-code', ' WIDTH ': 'c-width', Remark: null });
    });

    it('stays at the file step with the reason when the file cannot be read', async () => {
      const { actor, file, reach } = start({ files: [new CsvFileError('tablesImport.file.empty')] });
      file();
      await reach('choosing');
      expect(actor.getSnapshot().context.problem).toBe(i18n.t('tablesImport.file.empty', { ns: 'tablesImport' }));
      expect(actor.getSnapshot().context.file).toBeNull();
    });

    it('goes back from the preview to the file step', async () => {
      const { actor, file, send, reach } = start();
      file();
      await reach('preview');
      send({ type: 'BACK' });
      expect(actor.getSnapshot().matches('choosing')).toBe(true);
    });
  });

  describe('mapping', () => {
    it("changes a header's column and sends the mapping to the check", async () => {
      const { actor, file, send, reach, verified } = start();
      file();
      await reach('preview');
      send({ type: 'NEXT' });
      expect(stepOf(actor.getSnapshot())).toBe('mapping');
      send({ type: 'MAP', header: 'Remark', column: 'c-code' });
      send({ type: 'MAP', header: 'Code', column: null });
      send({ type: 'NEXT' });
      await reach('checked');
      expect(verified[0]).toEqual({
        table: 't-1',
        file: btoa('frames.csv'),
        mapping: { Code: null, Width: 'c-width', Remark: 'c-code' },
        offset: 0,
        limit: 200,
      });
    });

    it('holds back a mapping that imports nothing or fills a column twice', async () => {
      const { actor, file, send, reach, verified } = start();
      file();
      await reach('preview');
      send({ type: 'NEXT' });
      send({ type: 'MAP', header: 'Remark', column: 'c-code' });
      send({ type: 'NEXT' });
      expect(actor.getSnapshot().matches('mapping')).toBe(true);
      send({ type: 'MAP', header: 'Remark', column: null });
      send({ type: 'MAP', header: 'Code', column: null });
      send({ type: 'MAP', header: 'Width', column: null });
      send({ type: 'NEXT' });
      expect(actor.getSnapshot().matches('mapping')).toBe(true);
      expect(verified).toHaveLength(0);
    });

    it("shows the server's refusal of the mapping on the mapping step", async () => {
      const { actor, file, send, reach } = start({ verifyFails: new ApiError(422, 'The header Breite is not in the file.') });
      file();
      await reach('preview');
      send({ type: 'NEXT' });
      send({ type: 'NEXT' });
      await waitFor(actor, (s) => s.matches('mapping') && s.context.problem !== null);
      expect(actor.getSnapshot().context.problem).toBe('The header Breite is not in the file.');
    });
  });

  describe('check', () => {
    it('lets a valid file be imported', async () => {
      const { actor, toChecked, send, reach, started } = start({ errors: [0] });
      await toChecked();
      expect(actor.getSnapshot().context.check?.total_errors).toBe(0);
      send({ type: 'IMPORT' });
      await reach('running');
      expect(started).toEqual([{ table: 't-1', file: btoa('frames.csv'), mapping: { Code: 'c-code', Width: 'c-width', Remark: null } }]);
      expect(stepOf(actor.getSnapshot())).toBe('import');
    });

    it('refuses to import a file with errors, and lists them', async () => {
      const { actor, toChecked, send, started } = start({ errors: [2] });
      await toChecked();
      expect(actor.getSnapshot().context.errors.map((e) => e.row)).toEqual([1, 2]);
      send({ type: 'IMPORT' });
      expect(actor.getSnapshot().matches('checked')).toBe(true);
      expect(started).toHaveLength(0);
    });

    it('fetches the next page of errors from the server, and no more than there are', async () => {
      const { actor, toChecked, send, verified } = start({ errors: [450] });
      await toChecked();
      expect(actor.getSnapshot().context.errors).toHaveLength(200);
      send({ type: 'MORE' });
      await waitFor(actor, (s) => s.matches({ checked: 'idle' }) && s.context.errors.length === 400);
      send({ type: 'MORE' });
      await waitFor(actor, (s) => s.matches({ checked: 'idle' }) && s.context.errors.length === 450);
      send({ type: 'MORE' });
      expect(actor.getSnapshot().matches({ checked: 'idle' })).toBe(true);
      expect(verified.map((v) => v.offset)).toEqual([0, 200, 400]);
      expect(
        actor
          .getSnapshot()
          .context.errors.map((e) => e.row)
          .slice(198, 202),
      ).toEqual([199, 200, 201, 202]);
    });

    it('starts over from the preview with the fixed file, keeping the mapping the user chose', async () => {
      const { actor, send, file, reach } = start({ files: [chosen('bad.csv'), chosen('fixed.csv')], errors: [1, 0] });
      file();
      await reach('preview');
      send({ type: 'NEXT' });
      send({ type: 'MAP', header: 'Remark', column: 'c-code' });
      send({ type: 'MAP', header: 'Code', column: null });
      send({ type: 'NEXT' });
      await reach('checked');
      expect(actor.getSnapshot().context.check?.total_errors).toBe(1);
      file();
      await reach('preview');
      expect(actor.getSnapshot().context.file?.name).toBe('fixed.csv');
      expect(actor.getSnapshot().context.check).toBeNull();
      expect(actor.getSnapshot().context.errors).toEqual([]);
      expect(actor.getSnapshot().context.mapping).toEqual({ Code: null, Width: 'c-width', Remark: 'c-code' });
    });

    it('goes back to the mapping', async () => {
      const { actor, toChecked, send } = start({ errors: [1] });
      await toChecked();
      send({ type: 'BACK' });
      expect(actor.getSnapshot().matches('mapping')).toBe(true);
    });
  });

  describe('import', () => {
    it("follows the job's progress and ends done when it finishes", async () => {
      const { actor, toChecked, send, reach, job, isWatching } = start();
      await toChecked();
      send({ type: 'IMPORT' });
      await reach('running');
      job(jobOf('running', 1));
      expect(actor.getSnapshot().context.job?.progress.done).toBe(1);
      expect(actor.getSnapshot().matches('running')).toBe(true);
      job(jobOf('finished', 3));
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().matches('done')).toBe(true);
      expect(actor.getSnapshot().output).toEqual({ job: jobOf('finished', 3) });
      expect(isWatching()).toBe(false);
    });

    it('cancels the job through the job route and ends canceled once the job says so', async () => {
      const { actor, toChecked, send, reach, job, canceled } = start();
      await toChecked();
      send({ type: 'IMPORT' });
      await reach('running');
      send({ type: 'CANCEL' });
      await waitFor(actor, (s) => s.matches({ running: 'working' }));
      expect(canceled).toEqual(['job-1']);
      job(jobOf('canceled', 2));
      expect(actor.getSnapshot().matches('canceled')).toBe(true);
      expect(actor.getSnapshot().output?.job?.progress.done).toBe(2);
    });

    it('fetches the errors with a second call when the job fails, and shows them in the check step', async () => {
      const { actor, toChecked, send, reach, job, verified } = start({ errors: [0, 2] });
      await toChecked();
      send({ type: 'IMPORT' });
      await reach('running');
      job(jobOf('failed', 0, 'The import has invalid values: fetch them with /records/verify.'));
      await reach('checked');
      expect(verified).toHaveLength(2);
      expect(verified[1]).toMatchObject({ offset: 0, mapping: { Code: 'c-code', Width: 'c-width', Remark: null } });
      expect(actor.getSnapshot().context.errors).toHaveLength(2);
      expect(actor.getSnapshot().context.problem).toBe(i18n.t('tablesImport.run.invalid', { ns: 'tablesImport' }));
      send({ type: 'IMPORT' });
      expect(actor.getSnapshot().matches('checked')).toBe(true);
    });

    it("shows the job's reason when it failed with no invalid value", async () => {
      const { actor, toChecked, send, reach, job } = start({ errors: [0] });
      await toChecked();
      send({ type: 'IMPORT' });
      await reach('running');
      job(jobOf('failed', 0, 'This job could not be completed. Please try again.'));
      await reach('checked');
      expect(actor.getSnapshot().context.problem).toBe('This job could not be completed. Please try again.');
    });

    it("returns to the check with the server's message when the import is refused", async () => {
      const { actor, toChecked, send, reach } = start({ startFails: new ApiError(403, 'This action is unauthorized.') });
      await toChecked();
      send({ type: 'IMPORT' });
      await reach('checked');
      expect(actor.getSnapshot().context.problem).toBe('This action is unauthorized.');
    });

    it('ignores a file chosen while the job runs', async () => {
      const { actor, toChecked, send, reach, file } = start();
      await toChecked();
      send({ type: 'IMPORT' });
      await reach('running');
      file();
      expect(actor.getSnapshot().matches('running')).toBe(true);
    });
  });
});
