import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

export const sbsVersionEventSchemas = {
  SbsVersionCreated: z.object({ versionId: z.string(), projectId: z.string(), name: z.string() }),
  SbsVersionDeleted: z.object({ versionId: z.string(), projectId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof sbsVersionEventSchemas;
export type SbsVersionEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type SbsVersionEventType = SbsVersionEvent['type'];
export const sbsVersionEventTypes = Object.keys(sbsVersionEventSchemas) as SbsVersionEventType[];
export const sbsVersionSchemas: EventSchemas<SbsVersionEvent> = sbsVersionEventSchemas;

export interface SbsVersionState {
  exists: boolean;
  deleted: boolean;
  versionId: string;
  projectId: string;
  name: string;
}

export const initialSbsVersionState = (): SbsVersionState => ({ exists: false, deleted: false, versionId: '', projectId: '', name: '' });

export const evolveSbsVersion = (state: SbsVersionState, event: SbsVersionEvent): SbsVersionState => {
  switch (event.type) {
    case 'SbsVersionCreated':
      return { exists: true, deleted: false, ...event.data };
    case 'SbsVersionDeleted':
      return { ...state, deleted: true };
  }
};

/**
 * Every project has a default SBS version from the start, whose id is the project's id (docs/sbs.md): lists work
 * before any version is created, and it cannot be deleted.
 */
export const defaultSbsVersionId = (projectId: string): string => projectId;
export const isDefaultSbsVersion = (projectId: string, versionId: string): boolean => versionId === projectId;
