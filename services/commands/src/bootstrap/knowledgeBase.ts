import { randomUUID } from 'node:crypto';
import {
  articleDecider,
  DomainError,
  KNOWLEDGE_BASE_ARTICLE_CATEGORY,
  knowledgeBaseSchemas,
  toKnowledgeBaseArticleStreamId,
  type Actor,
} from '@stramien/domain';
import type { AppDeps } from '../deps';
import { STARTER_ARTICLES } from './knowledgeBaseArticles';

/**
 * At first start (no article has ever been written: the log has no event of the article category) writes the
 * starter articles through the same decider as an admin would, as the system. Articles deleted later stay deleted:
 * their events keep the category in the log, so a restart seeds nothing. Answers how many it wrote.
 */
export const seedKnowledgeBase = async (deps: AppDeps): Promise<number> => {
  const existing = await deps.adapters.eventStore.readAll({ maxCount: 1, filter: { categories: [KNOWLEDGE_BASE_ARTICLE_CATEGORY] } });
  if (existing.length > 0) return 0;
  const now = deps.clock().toISOString();
  const system: Actor = { userId: 'system', licenceId: '', isSystemAdmin: true };
  const context = { actor: system, correlationId: randomUUID(), causationId: 'bootstrap' };
  for (const { articleId, ...content } of STARTER_ARTICLES) {
    // another process starting at the same time may have written it: 'already exists' is no failure here
    await deps
      .pipeline({
        decider: articleDecider,
        schemas: knowledgeBaseSchemas,
        streamId: toKnowledgeBaseArticleStreamId(articleId),
        command: { type: 'CreateArticle', data: { articleId, content }, metadata: { actor: system, now } },
        context,
      })
      .catch((e: unknown) => {
        if (!(e instanceof DomainError && e.status === 409)) throw e;
      });
  }
  return STARTER_ARTICLES.length;
};
