import { ProgressBar } from '@blueprintjs/core';
import type { Download } from '@stramien/api';
import { useTranslation } from 'react-i18next';

/** Step 5: the import job at work, its progress in rows written (polled from the job). */
export const RunStep = ({ job, rows }: { job: Download | null; rows: number }) => {
  const { t } = useTranslation('tablesImport');
  const total = job && job.progress.total > 0 ? job.progress.total : rows;
  const done = job?.progress.done ?? 0;
  const started = job !== null && job.state !== 'requested';
  return (
    <div data-testid="import-step-run">
      <ProgressBar
        value={started && total > 0 ? done / total : undefined}
        intent="primary"
        aria-label={t('tablesImport.run.progress', { done, total })}
        data-testid="import-progress"
      />
      <p className="stramien-import__progress">
        {started ? t('tablesImport.run.progress', { done, total }) : t('tablesImport.run.waiting')}
      </p>
      <p className="bp6-text-muted">{t('tablesImport.run.continues')}</p>
    </div>
  );
};
