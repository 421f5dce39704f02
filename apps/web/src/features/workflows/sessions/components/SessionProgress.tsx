import { ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A session's progress (spec 2 §4: the share of finished jobs, a percentage): a bar and the number. */
export const SessionProgress = ({ progress }: { progress: number }) => {
  const { t } = useTranslation('workflows');
  return (
    <div className="stramien-session-progress" data-testid="session-progress" data-progress={progress}>
      <ProgressBar
        value={progress / 100}
        stripes={false}
        animate={false}
        intent={progress >= 100 ? 'success' : 'primary'}
        aria-label={t('workflows.sessions.progress')}
      />
      <span className="stramien-session-progress__value">{t('workflows.sessions.percent', { progress })}</span>
    </div>
  );
};
