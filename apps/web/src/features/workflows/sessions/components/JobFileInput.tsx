import { Button, FileInput, Spinner } from '@blueprintjs/core';
import { CrossIcon, DocumentIcon, DownloadIcon } from '@blueprintjs/icons';
import type { JobFile } from '@stramien/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../shared/apiErrors';
import { addJobFile, downloadJobFile, sessionKeys, uploadJobFile } from '../queries';

export interface JobFileInputProps {
  id: string;
  projectId: string;
  jobId: string;
  /** the file id the field holds ('' for none) */
  value: string;
  /** the files uploaded to the job, to name the one held */
  files: readonly JobFile[];
  disabled: boolean;
  /** the uploaded file's id, or '' when the file is taken out of the field */
  onChange: (fileId: string) => void;
}

/**
 * A file field of a job (docs/workflows.md "Job files"): the file it holds, named, with a download; a Blueprint
 * FileInput that uploads the chosen file at once (`POST …/job/{jobId}/file`, raw bytes) and puts the id the server
 * answers into the field (the job form machine's value), with a spinner meanwhile and the server's message when it
 * refuses (type, size, a job no longer open). The form saves or finishes the id like any other value.
 */
export const JobFileInput = ({ id, projectId, jobId, value, files, disabled, onChange }: JobFileInputProps) => {
  const { t } = useTranslation('workflows');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const held = value ? files.find((file) => file.id === value) : undefined;

  // keyed by the job: the job page holds Save and Finish while an upload runs (else they would send the old value)
  const uploadFile = useMutation({
    mutationKey: sessionKeys.jobFileUpload(jobId),
    mutationFn: (file: File) => uploadJobFile(projectId, jobId, file),
    onMutate: () => setError(null),
    onSuccess: (uploaded) => {
      addJobFile(queryClient, jobId, uploaded);
      onChange(uploaded.id);
    },
    onError: (e: unknown) => setError(serverMessage(e) ?? t('workflows.session-job.upload-failed')),
  });
  const uploading = uploadFile.isPending ? uploadFile.variables.name : null;
  // the refusal is shown by onError
  const upload = async (file: File | undefined) => {
    if (file) await uploadFile.mutateAsync(file).catch(() => undefined);
  };
  const download = (file: JobFile) =>
    downloadJobFile(projectId, jobId, file).catch((e: unknown) => setError(serverMessage(e) ?? t('workflows.session-job.upload-failed')));

  return (
    <div className="stramien-job-file" data-testid="job-file">
      {held && (
        <Button
          variant="minimal"
          size="small"
          icon={<DownloadIcon />}
          text={held.name}
          aria-label={t('workflows.session-job.download-file', { name: held.name })}
          onClick={() => void download(held)}
          data-testid="job-file-download"
        />
      )}
      {value && !held && (
        <span className="bp6-text-muted" data-testid="job-file-unknown">
          <DocumentIcon /> {t('workflows.session-job.file-unknown')}
        </span>
      )}
      {value && !disabled && !uploading && (
        <Button
          variant="minimal"
          size="small"
          icon={<CrossIcon />}
          aria-label={t('workflows.session-job.clear-file')}
          onClick={() => onChange('')}
          data-testid="job-file-clear"
        />
      )}
      {!value && disabled && <span className="bp6-text-muted">{t('workflows.session-job.no-file')}</span>}
      {!disabled && (
        <FileInput
          fill
          text={
            uploading
              ? t('workflows.session-job.uploading', { name: uploading })
              : value
                ? t('workflows.session-job.replace-file')
                : t('workflows.session-job.choose-file')
          }
          buttonText={t('workflows.session-job.browse')}
          disabled={uploading !== null}
          inputProps={{ id, 'data-testid': 'job-file-input' } as InputHTMLAttributes<HTMLInputElement>}
          onInputChange={(event) => {
            const input = event.currentTarget as HTMLInputElement;
            void upload(input.files?.[0]).then(() => (input.value = ''));
          }}
        />
      )}
      {uploading && (
        <span role="status" aria-label={t('workflows.session-job.uploading', { name: uploading })}>
          <Spinner size={16} />
        </span>
      )}
      {error && (
        <div className="bp6-text-small stramien-job-file__error" role="alert" data-testid="job-file-error">
          {error}
        </div>
      )}
    </div>
  );
};
