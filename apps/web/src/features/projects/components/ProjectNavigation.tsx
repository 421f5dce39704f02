import { Button, Card, H5, Icon } from '@blueprintjs/core';
import { CompassIcon } from '@blueprintjs/icons';
import type { PermissionCheck, PermissionContext } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { projectNavItems } from '../projectNavigation';

/** The overview's navigation items, each shown when `can` allows it. */
export const ProjectNavigation = ({
  slug,
  can,
}: {
  slug: string;
  can: (check: PermissionCheck, context?: PermissionContext) => boolean;
}) => {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const items = projectNavItems(slug, can);
  return (
    <Card className="stramien-project-nav" data-testid="project-navigation">
      <H5>
        <CompassIcon /> {t('projects.nav.title')}
      </H5>
      {items.length === 0 ? (
        <p className="bp6-text-muted">{t('projects.nav.none')}</p>
      ) : (
        <div className="stramien-project-nav__items">
          {items.map((item) => (
            <Button
              key={item.key}
              variant="outlined"
              size="large"
              icon={<Icon icon={item.icon} />}
              text={t(`projects.nav.${item.key}`)}
              data-testid={`nav-${item.key}`}
              onClick={() => void navigate(item.to)}
            />
          ))}
        </div>
      )}
    </Card>
  );
};
