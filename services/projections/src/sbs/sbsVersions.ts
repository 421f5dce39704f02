import type { Doc } from '@stramien/infra';
import type { EventEnvelope, SbsVersionEvent } from '@stramien/domain';
import { sbsVersionEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

export const SBS_VERSIONS_COLLECTION = 'sbs_versions';

/** The `sbs_versions` read model: the created, live versions of each project (the default version is implicit). */
export interface SbsVersionDoc extends Doc {
  _id: string;
  projectId: string;
  name: string;
  createdAt: string;
}

type E<T extends SbsVersionEvent['type']> = EventEnvelope<Extract<SbsVersionEvent, { type: T }>>;

export const sbsVersionsProjection: Projection<SbsVersionDoc> = {
  name: 'sbsVersions',
  collection: SBS_VERSIONS_COLLECTION,
  eventTypes: sbsVersionEventTypes,
  documentIds: (event) => [(event.data as { versionId: string }).versionId],
  indexes: [{ keys: { projectId: 1 } }],
  evolve(doc, event) {
    if (event.type === 'SbsVersionCreated') {
      const { versionId, projectId, name } = (event as E<'SbsVersionCreated'>).data;
      return { _id: versionId, projectId, name, createdAt: event.metadata.occurredAt };
    }
    return event.type === 'SbsVersionDeleted' ? null : doc;
  },
};
