import { Button, Callout } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../shared/dates';

export interface AsOfBannerProps {
  /** the moment shown (ISO) */
  at: string;
  /** the revision picked, when the moment is a revision's */
  revisionName?: string | null;
  onBackToNow: () => void;
}

/**
 * Says, unmissably, that the grid shows the table as it was at a past moment (read-only, with the columns it had
 * then), and leads back to the table now.
 */
export const AsOfBanner = ({ at, revisionName, onBackToNow }: AsOfBannerProps) => {
  const { t } = useTranslation('tables');
  const { dateTime } = useDateFormat();
  return (
    <Callout intent="warning" icon={<HistoryIcon />} className="stramien-as-of-banner" data-testid="as-of-banner">
      <div className="stramien-as-of-banner__text">
        <strong>{t('tables.as-of.banner', { moment: dateTime(at) })}</strong>
        {revisionName && <span> {t('tables.as-of.revision', { name: revisionName })}</span>}
        <div className="bp6-text-muted">{t('tables.as-of.read-only')}</div>
      </div>
      <Button intent="primary" text={t('tables.as-of.back-to-now')} onClick={onBackToNow} data-testid="as-of-back" />
    </Callout>
  );
};
