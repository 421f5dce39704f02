import type { Doc } from '@stramien/infra';
import type { ArticleTranslations, EventEnvelope, KnowledgeBaseEvent } from '@stramien/domain';
import { knowledgeBaseEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/** The `knowledgeBaseArticles` read model: one document per live article, every language's texts. */
export interface ArticleDoc extends Doc {
  _id: string;
  translations: ArticleTranslations;
  position: number;
  createdAt: string;
  updatedAt: string;
}

type E<T extends KnowledgeBaseEvent['type']> = EventEnvelope<Extract<KnowledgeBaseEvent, { type: T }>>;

export const articlesProjection: Projection<ArticleDoc> = {
  name: 'knowledgeBaseArticles',
  collection: 'knowledgeBaseArticles',
  eventTypes: knowledgeBaseEventTypes,
  documentIds: (event) => [(event.data as { articleId: string }).articleId],
  evolve(doc, event) {
    switch (event.type) {
      case 'KnowledgeBaseArticleCreated':
      case 'KnowledgeBaseArticleUpdated': {
        const d = (event as E<'KnowledgeBaseArticleCreated'>).data;
        const at = event.metadata.occurredAt;
        return { _id: d.articleId, translations: d.translations, position: d.position, createdAt: doc?.createdAt ?? at, updatedAt: at };
      }
      case 'KnowledgeBaseArticleDeleted':
        return null;
      default:
        return doc;
    }
  },
};
