import { afterEach, describe, expect, it } from 'vitest';
import { toKnowledgeBaseArticleStreamId } from '@stramien/domain';
import { startProjection, type ProjectionHarness } from '../testing/projectionHarness';
import { articlesProjection, type ArticleDoc } from './articles';

let harness: ProjectionHarness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

describe('the knowledgeBaseArticles read model', () => {
  it('holds every language of an article with its times; a deletion removes it; handling twice changes nothing', async () => {
    harness = await startProjection(articlesProjection);
    const stream = toKnowledgeBaseArticleStreamId('a1');
    const translations = { en: { title: 'Tasks', body: 'How to' }, nl: { title: 'Taken', body: 'Hoe' } };
    await harness.append(stream, [
      { type: 'KnowledgeBaseArticleCreated', data: { articleId: 'a1', translations, position: 10 }, at: '2026-03-01T10:00:00.000Z' },
      { type: 'KnowledgeBaseArticleUpdated', data: { articleId: 'a1', translations, position: 20 }, at: '2026-03-02T10:00:00.000Z' },
    ]);
    expect((await harness.find('a1')) as ArticleDoc).toMatchObject({
      translations,
      position: 20,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
    });
    const { once, twice } = await harness.handleTwice([stream], 'a1');
    expect(twice).toEqual(once);
    await harness.append(stream, [{ type: 'KnowledgeBaseArticleDeleted', data: { articleId: 'a1' } }]);
    expect(await harness.find('a1')).toBeNull();
  });
});
