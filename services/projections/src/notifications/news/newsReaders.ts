import type { Doc } from '@stramien/infra';
import type { EventEnvelope, NewsReaderEvent } from '@stramien/domain';
import { newsReaderEventTypes } from '@stramien/domain';
import type { Projection } from '../../runner/projection';

/** The `newsReaders` read model: each user's news read time, keyed by the user id. */
export interface NewsReaderDoc extends Doc {
  _id: string;
  readAt: string;
}

export const newsReadersProjection: Projection<NewsReaderDoc> = {
  name: 'newsReaders',
  collection: 'newsReaders',
  eventTypes: newsReaderEventTypes,
  documentIds: (event) => [(event.data as { userId: string }).userId],
  evolve(doc, event) {
    switch (event.type) {
      case 'NewsMarkedRead': {
        const d = (event as EventEnvelope<Extract<NewsReaderEvent, { type: 'NewsMarkedRead' }>>).data;
        return { _id: d.userId, readAt: d.readAt };
      }
      default:
        return doc;
    }
  },
};
