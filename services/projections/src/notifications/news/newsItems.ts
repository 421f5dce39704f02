import type { Doc } from '@stramien/infra';
import type { EventEnvelope, NewsItemEvent, NewsTranslations } from '@stramien/domain';
import { newsItemEventTypes } from '@stramien/domain';
import type { Projection } from '../../runner/projection';

/** The `newsItems` read model: one document per live news item, every language's texts. */
export interface NewsItemDoc extends Doc {
  _id: string;
  translations: NewsTranslations;
  image: string | null;
  tags: string[];
  autoOpen: boolean;
  buttonUrl: string | null;
  createdAt: string;
  /** the time of its last change: an item is unread for a reader whose read time is earlier (spec 2 §4) */
  updatedAt: string;
}

type E<T extends NewsItemEvent['type']> = EventEnvelope<Extract<NewsItemEvent, { type: T }>>;

export const newsItemsProjection: Projection<NewsItemDoc> = {
  name: 'newsItems',
  collection: 'newsItems',
  eventTypes: newsItemEventTypes,
  documentIds: (event) => [(event.data as { newsItemId: string }).newsItemId],
  indexes: [{ keys: { updatedAt: -1 } }],
  evolve(doc, event) {
    switch (event.type) {
      case 'NewsItemCreated':
      case 'NewsItemUpdated': {
        const d = (event as E<'NewsItemCreated'>).data;
        const at = event.metadata.occurredAt;
        return {
          _id: d.newsItemId,
          translations: d.translations,
          image: d.image,
          tags: d.tags,
          autoOpen: d.autoOpen,
          buttonUrl: d.buttonUrl,
          createdAt: doc?.createdAt ?? at,
          updatedAt: at,
        };
      }
      case 'NewsItemDeleted':
        return null;
      default:
        return doc;
    }
  },
};
