import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../shared/numbers';

/** A table's record count; past the cap it reads "10,000+" (docs/tables.md: counts are capped, never a full scan). */
export const RecordCount = ({ count, capped }: { count: number; capped: boolean }) => {
  const { t, i18n } = useTranslation('tables');
  const number = formatCount(count, i18n.language);
  return <span data-testid="record-count">{capped ? t('tables.count.capped', { count: number }) : number}</span>;
};
