import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../shared/status/StatusScreen';

/** The shell's screens of spec 1 §2 that are not built yet; each says so with its name. */
export type ShellFeature = 'workflow-management';

export const ShellFeatureNotAvailable = ({ feature }: { feature: ShellFeature }) => {
  const { t } = useTranslation();
  return <NotAvailable feature={t(`common.feature.${feature}`)} />;
};
