import { Button, Card, H3, Tag } from '@blueprintjs/core';
import { StarEmptyIcon, StarIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../identity/session/useSession';
import { cardGradient } from './ProjectCard/ProjectCard';
import { ProjectImage } from './ProjectImage';
import { useFavoriteToggle } from './useFavoriteToggle';

/** The project card at the top of the overview: image under the licence gradient, number, name, description, favourite. */
export const ProjectHeaderCard = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects');
  const { licence } = useSession();
  const { toggle, busyId } = useFavoriteToggle();
  return (
    <Card className="stramien-project-header" data-testid="project-header">
      <div className="stramien-project-header__visual">
        <ProjectImage project={project} className="stramien-project-header__image" />
        <div className="stramien-project-card__gradient" style={{ background: cardGradient(licence?.theme.primary ?? null) }} />
        <div className="stramien-project-header__title">
          <span className="stramien-project-card__number">{project.number}</span>
          <H3>{project.name}</H3>
        </div>
        <Button
          className="stramien-project-card__favorite"
          variant="minimal"
          icon={project.is_favorite ? <StarIcon /> : <StarEmptyIcon />}
          aria-label={project.is_favorite ? t('projects.card.unfavorite') : t('projects.card.favorite')}
          aria-pressed={project.is_favorite}
          loading={busyId === project.id}
          onClick={() => void toggle(project)}
        />
      </div>
      {(project.description || project.role || project.archived) && (
        <div className="stramien-project-header__body">
          {project.description && <p>{project.description}</p>}
          {project.role && <Tag minimal>{t('projects.overview.your-role', { role: project.role.name })}</Tag>}
          {project.archived && <Tag intent="warning">{t('projects.card.archived')}</Tag>}
        </div>
      )}
    </Card>
  );
};
