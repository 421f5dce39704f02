import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { knowledgeBaseRoutes, type ArticleAdmin, type articleInputSchema } from '@stramien/api';
import {
  articleDecider,
  articleExcerpt,
  articleMatchScore,
  DomainError,
  knowledgeBaseMessages,
  knowledgeBaseSchemas,
  localise,
  searchTerms,
  toKnowledgeBaseArticleStreamId,
  type ArticleContent,
  type ArticleState,
} from '@stramien/domain';
import type { ArticleDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { actorOf, requireUser } from '../../plugins/auth';

const toContent = (body: z.output<typeof articleInputSchema>): ArticleContent => ({
  translations: body.translations,
  position: body.position,
});

const toAdmin = (doc: ArticleDoc): ArticleAdmin => ({
  id: doc._id,
  translations: doc.translations,
  position: doc.position,
  created_at: doc.createdAt,
  updated_at: doc.updatedAt,
});

const byPositionThenTitle = (a: { position: number; title: string }, b: { position: number; title: string }) =>
  a.position - b.position || a.title.localeCompare(b.title);

/**
 * The knowledge base: every signed-in user lists, searches and reads the articles in their language (each field
 * falling back to English); system admins write them. Articles belong to the product, not to a licence, so there is
 * no licence to check; the list is small (tens of articles), so search runs over the read model in memory.
 */
export const registerKnowledgeBaseRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const articles = deps.adapters.documentStore.collection<ArticleDoc>('knowledgeBaseArticles');
  const handle = createCommandHandler(app, {
    decider: articleDecider,
    schemas: knowledgeBaseSchemas,
    toStreamId: toKnowledgeBaseArticleStreamId,
  });
  const notFound = () => new DomainError(knowledgeBaseMessages.notFound, 404);

  const adminView = async (state: ArticleState): Promise<ArticleAdmin> => {
    const doc = await articles.findOne({ _id: state.articleId });
    if (doc) return toAdmin(doc);
    const now = deps.clock().toISOString();
    return toAdmin({ _id: state.articleId, ...state.content, createdAt: now, updatedAt: now });
  };

  addRoute(app, knowledgeBaseRoutes.list, async ({ query, request }) => {
    const language = query?.lang ?? requireUser(request).language;
    const terms = searchTerms(query?.search ?? '');
    const found = (await articles.find({}))
      .map((doc) => {
        const texts = localise(doc.translations, language);
        return { doc, texts, title: texts.title, position: doc.position, score: articleMatchScore(texts, terms) };
      })
      .filter((a) => a.score > 0)
      .sort((a, b) => (terms.length > 0 ? b.score - a.score : 0) || byPositionThenTitle(a, b));
    return {
      data: found.map(({ doc, texts }) => ({
        id: doc._id,
        title: texts.title,
        excerpt: articleExcerpt(texts.body),
        updated_at: doc.updatedAt,
      })),
    };
  });

  addRoute(app, knowledgeBaseRoutes.get, async ({ params, query, request }) => {
    const doc = await articles.findOne({ _id: params.id });
    if (!doc) throw notFound();
    const texts = localise(doc.translations, query?.lang ?? requireUser(request).language);
    return { data: { id: doc._id, title: texts.title, body: texts.body, updated_at: doc.updatedAt } };
  });

  addRoute(app, knowledgeBaseRoutes.adminList, async () => ({
    data: (await articles.find({}))
      .sort((a, b) => byPositionThenTitle({ ...a, title: a.translations.en.title }, { ...b, title: b.translations.en.title }))
      .map(toAdmin),
  }));

  addRoute(app, knowledgeBaseRoutes.create, async ({ body, request }) => {
    const articleId = randomUUID();
    const result = await handle(
      request,
      articleId,
      { type: 'CreateArticle', data: { articleId, content: toContent(body) } },
      { actor: actorOf(request) },
    );
    return { data: await adminView(result.state), position: result.position };
  });

  addRoute(app, knowledgeBaseRoutes.update, async ({ params, body, request }) => {
    const result = await handle(
      request,
      params.id,
      { type: 'UpdateArticle', data: { content: toContent(body) } },
      { actor: actorOf(request) },
    );
    return { data: await adminView(result.state), position: result.position };
  });

  addRoute(app, knowledgeBaseRoutes.delete, async ({ params, request }) => {
    const result = await handle(request, params.id, { type: 'DeleteArticle', data: {} }, { actor: actorOf(request) });
    return { message: knowledgeBaseMessages.deleted, position: result.position };
  });
};
