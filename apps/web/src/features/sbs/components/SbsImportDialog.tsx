import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable } from '@blueprintjs/core';
import { format, parseSbsCsv, sbsMessages, type SbsImportRow } from '@stramien/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, serverMessage } from '../../../shared/apiErrors';
import { serverText } from '../../../shared/serverText';
import { hasEnded, jobQuery } from '../../../shared/jobs/jobQuery';
import { SbsJobView } from './SbsJobView';

/** Rows the preview shows at most. */
const PREVIEW_ROWS = 200;

/** base64 of a text's UTF-8 bytes (the import's body) */
const toBase64 = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/**
 * Import a CSV (code, label, parent code): the browser reads it with the same parser as the server and previews the
 * rows; after a refused import each row shows the server's messages for it (all or nothing, docs/sbs.md). An accepted
 * file is written by a background job, whose progress (and Cancel) the dialog shows; it closes when the job finishes.
 */
export const SbsImportDialog = ({
  onClose,
  onImport,
}: {
  onClose: () => void;
  onImport: (base64: string) => Promise<{ data: { id: string } }>;
}) => {
  const { t } = useTranslation('sbs');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [rows, setRows] = useState<SbsImportRow[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState('');
  const job = useQuery({ ...jobQuery(jobId), enabled: jobId !== '' }).data;
  const running = jobId !== '' && !(job && hasEnded(job));
  const rowErrors = serverFieldErrors(failure) ?? {};
  // a file of 100,000 rows is not drawn whole: the rows with problems first, then the others, PREVIEW_ROWS at most
  const problemsFirst = [...rows.filter((r) => rowErrors[`row ${r.line}`]), ...rows.filter((r) => !rowErrors[`row ${r.line}`])];
  const shown = problemsFirst.slice(0, PREVIEW_ROWS).sort((a, b) => a.line - b.line);
  const read = async (file: File | undefined) => {
    setFailure(null);
    if (!file) return;
    const content = await file.text();
    setName(file.name);
    setText(content);
    const parsed = parseSbsCsv(content);
    setRows('rows' in parsed ? parsed.rows : []);
    setFileError('error' in parsed ? serverText(parsed.error) : null);
  };
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await onImport(toBase64(text));
      setJobId(answer.data.id);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen
      onClose={running ? undefined : onClose}
      isCloseButtonShown={!running}
      title={t('sbs.import.title')}
      style={{ width: 720 }}
    >
      <DialogBody>
        {jobId !== '' ? (
          <SbsJobView
            jobId={jobId}
            describe={(progress) => t('sbs.job.importing', progress)}
            finished={(view) => format(sbsMessages.imported, { count: view.progress.total })}
            onFinished={onClose}
          />
        ) : (
          <>
            <p>{t('sbs.import.help')}</p>
            <FileInput
              text={name || t('sbs.import.choose')}
              buttonText={t('sbs.import.browse')}
              inputProps={{ accept: '.csv,text/csv', 'aria-label': t('sbs.import.choose') }}
              onInputChange={(e) => void read(e.currentTarget.files?.[0])}
              fill
            />
            {fileError && (
              <Callout intent="danger" role="alert">
                {fileError}
              </Callout>
            )}
            {failure !== null && (
              <Callout intent="danger" role="alert" data-testid="sbs-import-error">
                {serverMessage(failure) ?? t('sbs.import.failed')}
              </Callout>
            )}
            {rows.length > 0 && (
              <div className="stramien-sbs__preview">
                <p>
                  {t('sbs.import.rows', { count: rows.length })}
                  {shown.length < rows.length && ` ${t('sbs.import.shown', { count: shown.length })}`}
                </p>
                <HTMLTable compact className="stramien-sbs__list" data-testid="sbs-import-preview">
                  <thead>
                    <tr>
                      <th>{t('sbs.import.line')}</th>
                      <th>{t('sbs.field.code')}</th>
                      <th>{t('sbs.field.label')}</th>
                      <th>{t('sbs.field.parent')}</th>
                      <th>{t('sbs.import.problems')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((row) => {
                      const problems = rowErrors[`row ${row.line}`];
                      return (
                        <tr key={row.line} className={problems ? 'has-error' : undefined}>
                          <td>{row.line}</td>
                          <td>{row.code}</td>
                          <td>{row.label}</td>
                          <td>{row.parentCode}</td>
                          <td className="bp6-text-danger">{problems?.join(' ')}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </HTMLTable>
              </div>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          jobId !== '' ? (
            <Button text={t('sbs.job.close')} disabled={running} onClick={onClose} />
          ) : (
            <>
              <Button text={t('sbs.action.cancel')} onClick={onClose} />
              <Button
                intent="primary"
                text={t('sbs.import.submit')}
                loading={busy}
                disabled={rows.length === 0 || fileError !== null}
                onClick={() => void submit()}
              />
            </>
          )
        }
      />
    </Dialog>
  );
};
