import type { Doc } from '@stramien/infra';
import type { EventEnvelope, LabelEvent } from '@stramien/domain';
import { labelEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/** The `labels` read model: one document per live label; projectId null means licence-wide. */
export interface LabelDoc extends Doc {
  _id: string;
  licenceId: string;
  projectId: string | null;
  title: string;
  color: string;
  createdAt: string;
}

type E<T extends LabelEvent['type']> = EventEnvelope<Extract<LabelEvent, { type: T }>>;

export const labelsProjection: Projection<LabelDoc> = {
  name: 'labels',
  collection: 'labels',
  eventTypes: labelEventTypes,
  documentIds: (event) => [(event.data as { labelId: string }).labelId],
  indexes: [{ keys: { licenceId: 1, projectId: 1 } }],
  evolve(doc, event) {
    switch (event.type) {
      case 'LabelCreated': {
        const d = (event as E<'LabelCreated'>).data;
        return {
          _id: d.labelId,
          licenceId: d.licenceId,
          projectId: d.projectId,
          title: d.title,
          color: d.color,
          createdAt: event.metadata.occurredAt,
        };
      }
      case 'LabelUpdated': {
        const d = (event as E<'LabelUpdated'>).data;
        return doc ? { ...doc, title: d.title, color: d.color } : doc;
      }
      case 'LabelDeleted':
        return null;
      default:
        return doc;
    }
  },
};
