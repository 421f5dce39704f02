import type { Project } from '@stramien/api';
import { OfficeIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { projectImageQuery } from '../queries';

/** The project image, fetched with the bearer token; a placeholder while there is none. */
export const ProjectImage = ({ project, className = '' }: { project: Pick<Project, 'id' | 'image'>; className?: string }) => {
  const image = project.image;
  const { data: url } = useQuery({ ...projectImageQuery(project.id, image?.id ?? ''), enabled: image !== null });
  if (!image || !url) {
    return (
      <div className={`${className} stramien-project-image stramien-project-image--placeholder`} aria-hidden="true">
        <OfficeIcon size={40} />
      </div>
    );
  }
  return <img className={`${className} stramien-project-image`} src={url} alt="" />;
};
