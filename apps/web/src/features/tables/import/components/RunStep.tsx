import { ProgressBar } from '@blueprintjs/core';
import type { Download } from '@stramien/api';
import { useTranslation } from 'react-i18next';
import { useCountFormat } from '../../../../shared/numbers';

/** Step 5: the import job at work, its progress in rows written (polled from the job). */
export const RunStep = ({ job, rows }: { job: Download | null; rows: number }) => {
  const { t } = useTranslation('tablesImport');
  const total = job && job.progress.total > 0 ? job.progress.total : rows;
  const done = job?.progress.done ?? 0;
  const started = job !== null && job.state !== 'requested';
  const count = useCountFormat();
  const progress = { done: count(done), total: count(total) };
  return (
    <div data-testid="import-step-run">
      <ProgressBar
        value={started && total > 0 ? done / total : undefined}
        intent="primary"
        aria-label={t('tablesImport.run.progress', progress)}
        data-testid="import-progress"
      />
      <p className="stramien-import__progress">{started ? t('tablesImport.run.progress', progress) : t('tablesImport.run.waiting')}</p>
      <p className="bp6-text-muted">{t('tablesImport.run.continues')}</p>
    </div>
  );
};
