import { Card, H3, H5, NonIdealState } from '@blueprintjs/core';
import { CalendarIcon, HomeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../identity/session/useSession';

/** /dashboard — the default landing: a greeting, the (for now empty) dashboard and today's tasks digest. */
export const DashboardPage = () => {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  return (
    <div className="stramien-page stramien-dashboard">
      <H3>{t('dashboard.header.welcome', { name: user.firstname || user.name })}</H3>
      <div className="stramien-dashboard__grid">
        <Card className="stramien-dashboard__main">
          <NonIdealState icon={<HomeIcon size={48} />} title={t('dashboard.empty.title')} description={t('dashboard.empty.description')} />
        </Card>
        <Card className="stramien-dashboard__today" data-testid="today-tasks">
          <H5>
            <CalendarIcon /> {t('dashboard.today.title')}
          </H5>
          <p className="bp6-text-muted">{t('dashboard.today.empty')}</p>
        </Card>
      </div>
    </div>
  );
};
