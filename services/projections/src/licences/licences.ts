import type { Doc } from '@stramien/infra';
import type { EventEnvelope, LicenceEvent } from '@stramien/domain';
import type { Projection } from '../runner/projection';

export interface LicenceDoc extends Doc {
  _id: string;
  name: string;
  themePrimary: string | null;
  createdAt: string;
  updatedAt?: string;
}

type E<T extends LicenceEvent['type']> = EventEnvelope<Extract<LicenceEvent, { type: T }>>;

export const licencesProjection: Projection<LicenceDoc> = {
  name: 'licences',
  collection: 'licences',
  eventTypes: ['LicenceCreated', 'LicenceUpdated'],
  documentIds: (event) => [(event.data as { licenceId: string }).licenceId],
  indexes: [{ keys: { name: 1 } }],
  evolve(doc, event) {
    switch (event.type) {
      case 'LicenceCreated': {
        const d = (event as E<'LicenceCreated'>).data;
        return { _id: d.licenceId, name: d.name, themePrimary: d.themePrimary, createdAt: event.metadata.occurredAt };
      }
      case 'LicenceUpdated': {
        if (!doc) return doc;
        const d = (event as E<'LicenceUpdated'>).data;
        return { ...doc, name: d.name, themePrimary: d.themePrimary, updatedAt: event.metadata.occurredAt };
      }
      default:
        return doc;
    }
  },
};
