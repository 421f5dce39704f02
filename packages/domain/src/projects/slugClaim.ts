import { z } from 'zod';
import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import type { EventSchemas } from '../shared/envelope';
import { projectMessages } from './messages';

/** The slug reservation aggregate (stream `projectSlug-<licenceId>-<slug>`): a slug belongs to one project of a licence. */
export const projectSlugEventSchemas = {
  ProjectSlugClaimed: z.object({ licenceId: z.string(), slug: z.string(), projectId: z.string() }),
} satisfies Record<string, z.ZodType>;
type Schemas = typeof projectSlugEventSchemas;
export type ProjectSlugEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export const projectSlugSchemas: EventSchemas<ProjectSlugEvent> = projectSlugEventSchemas;

export interface ProjectSlugState {
  projectId: string | null;
}
export type ClaimProjectSlug = Command<'ClaimProjectSlug', { licenceId: string; slug: string; projectId: string }>;

export const projectSlugDecider: Decider<ClaimProjectSlug, ProjectSlugEvent, ProjectSlugState> = {
  initialState: () => ({ projectId: null }),
  evolve: (_state, event) => ({ projectId: event.data.projectId }),
  decide: (command, state) => {
    switch (command.type) {
      case 'ClaimProjectSlug':
        if (state.projectId === command.data.projectId) return [];
        if (state.projectId !== null) return new DomainError(projectMessages.slugTaken, 409);
        return [{ type: 'ProjectSlugClaimed', data: command.data }];
      default: {
        const _exhaustive: never = command.type;
        throw unknownCommand(_exhaustive);
      }
    }
  },
};
