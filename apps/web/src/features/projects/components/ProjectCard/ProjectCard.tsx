import { Button, Card, H5, Tag } from '@blueprintjs/core';
import { StarEmptyIcon, StarIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryColour } from '../../../../app/theme';
import { ProjectImage } from '../ProjectImage';

/** Project card gradient opacities (spec §9). */
export const CARD_GRADIENT_OPACITIES = [0.8, 0.4, 0] as const;

/** The card's gradient over the image: the licence colour at 0.8, 0.4 and 0 opacity, from the bottom up. */
export const cardGradient = (colour: string | null | undefined): string => {
  const hex = primaryColour(colour);
  const n = Number.parseInt(hex.slice(1), 16);
  const rgb = `${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}`;
  const [a, b, c] = CARD_GRADIENT_OPACITIES;
  return `linear-gradient(to top, rgba(${rgb}, ${a}) 0%, rgba(${rgb}, ${b}) 50%, rgba(${rgb}, ${c}) 100%)`;
};

export interface ProjectCardProps {
  project: Project;
  /** the licence's theme colour */
  colour: string | null;
  onOpen: (project: Project) => void;
  onToggleFavorite?: (project: Project) => void;
  favoriteBusy?: boolean;
}

/** A project on the dashboard: image under the licence-coloured gradient, number, name and the favourite star. */
export const ProjectCard = ({ project, colour, onOpen, onToggleFavorite, favoriteBusy = false }: ProjectCardProps) => {
  const { t } = useTranslation('projects');
  const open = () => onOpen(project);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  return (
    <Card
      className="stramien-project-card"
      interactive
      role="link"
      tabIndex={0}
      aria-label={`${project.number} ${project.name}`}
      data-testid={`project-card-${project.slug}`}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <div className="stramien-project-card__visual">
        <ProjectImage project={project} className="stramien-project-card__image" />
        <div className="stramien-project-card__gradient" data-testid="project-card-gradient" style={{ background: cardGradient(colour) }} />
        <span className="stramien-project-card__number">{project.number}</span>
        {onToggleFavorite && (
          <Button
            className="stramien-project-card__favorite"
            variant="minimal"
            icon={project.is_favorite ? <StarIcon /> : <StarEmptyIcon />}
            aria-label={project.is_favorite ? t('projects.card.unfavorite') : t('projects.card.favorite')}
            aria-pressed={project.is_favorite}
            data-testid="favorite-toggle"
            loading={favoriteBusy}
            onClick={(event) => {
              event.stopPropagation();
              onToggleFavorite(project);
            }}
          />
        )}
      </div>
      <div className="stramien-project-card__body">
        <H5 className="stramien-project-card__name" title={project.name}>
          {project.name}
        </H5>
        <div className="stramien-project-card__tags">
          {project.archived && <Tag minimal>{t('projects.card.archived')}</Tag>}
          {!project.is_member && (
            <Tag minimal intent="warning">
              {t('projects.card.not-member')}
            </Tag>
          )}
        </div>
      </div>
    </Card>
  );
};
