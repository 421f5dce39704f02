import { FileInput } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../shared/apiErrors';
import { sessionCalls } from '../queries';

/**
 * A file field of a job: the chosen file is uploaded at once (the job's upload route), and the field holds the id
 * the server gave it; finishing the job checks that the id is a file this user uploaded.
 */
export const JobFileInput = ({
  id,
  projectId,
  jobId,
  value,
  onChange,
  disabled,
}: {
  id: string;
  projectId: string;
  jobId: string;
  value: string;
  onChange: (fileId: string) => void;
  disabled: boolean;
}) => {
  const { t } = useTranslation('workflows');
  const [name, setName] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => sessionCalls.uploadFile(projectId, jobId, file),
    onSuccess: (fileId, file) => {
      setName(file.name);
      onChange(fileId);
    },
  });
  return (
    <div className="stramien-job-file">
      <FileInput
        inputProps={{ id }}
        disabled={disabled || upload.isPending}
        text={upload.isPending ? t('workflows.session-job.uploading') : (name ?? (value ? value.slice(0, 8) : t('workflows.session-job.upload')))}
        buttonText={t('workflows.session-job.upload')}
        onInputChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) upload.mutate(file);
        }}
      />
      {upload.isError && (
        <span className="bp6-text-danger" role="alert">
          {serverMessage(upload.error) ?? t('workflows.session-job.upload-failed')}
        </span>
      )}
    </div>
  );
};
