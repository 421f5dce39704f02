import type { Projection } from '../runner/projection';
import { projectsProjection } from './projects';

export type { ProjectDoc, ProjectLinkDoc, ProjectMemberDoc, ProjectModuleDoc, ProjectRoleDoc } from './projects';

/** Read models of the projects context. */
export const projectProjections: Projection[] = [projectsProjection] as unknown as Projection[];
