import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { newsRoutes, type NewsItem, type NewsItemAdmin, type newsItemInputSchema } from '@stramien/api';
import {
  localise,
  newsItemDecider,
  newsItemSchemas,
  newsMessages,
  newsReaderDecider,
  newsReaderSchemas,
  toNewsItemStreamId,
  toNewsReaderStreamId,
  type NewsContent,
  type NewsItemState,
  type NewsTexts,
  type NewsTranslations,
} from '@stramien/domain';
import type { NewsItemDoc, NewsReaderDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { actorOf, requireUser } from '../../plugins/auth';

type NewsInput = z.output<typeof newsItemInputSchema>;
type ApiTexts = { title: string; description: string; button_title: string };

const toDomainTexts = (t: ApiTexts): NewsTexts => ({ title: t.title, description: t.description, buttonTitle: t.button_title });
const toApiTexts = (t: NewsTexts): ApiTexts => ({ title: t.title, description: t.description, button_title: t.buttonTitle });

/** The API's body as the domain's content (snake_case fields to the domain's names). */
const toContent = (body: NewsInput): NewsContent => ({
  translations: {
    en: toDomainTexts(body.translations.en),
    ...(body.translations.nl ? { nl: toDomainTexts(body.translations.nl) } : {}),
    ...(body.translations.de ? { de: toDomainTexts(body.translations.de) } : {}),
  },
  image: body.image,
  tags: body.tags,
  autoOpen: body.auto_open,
  buttonUrl: body.button_url,
});

const toAdminTranslations = (t: NewsTranslations): NewsItemAdmin['translations'] => ({
  en: toApiTexts(t.en),
  ...(t.nl ? { nl: toApiTexts(t.nl) } : {}),
  ...(t.de ? { de: toApiTexts(t.de) } : {}),
});

const toAdmin = (doc: NewsItemDoc): NewsItemAdmin => ({
  id: doc._id,
  translations: toAdminTranslations(doc.translations),
  image: doc.image,
  tags: doc.tags,
  auto_open: doc.autoOpen,
  button_url: doc.buttonUrl,
  created_at: doc.createdAt,
  updated_at: doc.updatedAt,
});

/** A news item in one language, each field falling back to English (spec 1 §3 fields). */
const toReader = (doc: NewsItemDoc, language: string): NewsItem => {
  const texts = localise(doc.translations, language);
  return {
    id: doc._id,
    title: texts.title,
    description: texts.description,
    image: doc.image,
    tags: doc.tags,
    updated_at: doc.updatedAt,
    auto_open: doc.autoOpen,
    button_url: doc.buttonUrl,
    button_title: doc.buttonUrl ? texts.buttonTitle : null,
  };
};

const newestFirst = (a: NewsItemDoc, b: NewsItemDoc) => b.updatedAt.localeCompare(a.updatedAt);

/**
 * News (what's new): readers get the items in their language with their own read time; opening the panel stores
 * that time (POST /api/whats-new/read); system admins write the items. The contract's 'system-admin' policy refuses
 * everybody else before a handler runs.
 */
export const registerNewsRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const items = deps.adapters.documentStore.collection<NewsItemDoc>('newsItems');
  const readers = deps.adapters.documentStore.collection<NewsReaderDoc>('newsReaders');
  const handle = createCommandHandler(app, { decider: newsItemDecider, schemas: newsItemSchemas, toStreamId: toNewsItemStreamId });
  const handleReader = createCommandHandler(app, {
    decider: newsReaderDecider,
    schemas: newsReaderSchemas,
    toStreamId: toNewsReaderStreamId,
  });

  /** the item as stored after a command: the read model's document (it has the times), else the state just decided */
  const adminView = async (state: NewsItemState): Promise<NewsItemAdmin> => {
    const doc = await items.findOne({ _id: state.newsItemId });
    if (doc) return toAdmin(doc);
    const now = deps.clock().toISOString();
    return toAdmin({ _id: state.newsItemId, ...state.content, createdAt: now, updatedAt: now });
  };

  addRoute(app, newsRoutes.whatsNew, async ({ query, request }) => {
    const user = requireUser(request);
    const language = query?.lang ?? user.language;
    const [docs, reader] = await Promise.all([items.find({}), readers.findOne({ _id: user.userId })]);
    return { data: docs.sort(newestFirst).map((d) => toReader(d, language)), read_at: reader?.readAt ?? null };
  });

  addRoute(app, newsRoutes.markRead, async ({ request }) => {
    const actor = actorOf(request);
    const result = await handleReader(request, actor.userId, { type: 'MarkNewsRead', data: { userId: actor.userId } }, { actor });
    return { read_at: result.state.readAt ?? deps.clock().toISOString(), position: result.position };
  });

  addRoute(app, newsRoutes.list, async () => ({ data: (await items.find({})).sort(newestFirst).map(toAdmin) }));

  addRoute(app, newsRoutes.create, async ({ body, request }) => {
    const newsItemId = randomUUID();
    const result = await handle(
      request,
      newsItemId,
      { type: 'CreateNewsItem', data: { newsItemId, content: toContent(body) } },
      { actor: actorOf(request) },
    );
    return { data: await adminView(result.state), position: result.position };
  });

  addRoute(app, newsRoutes.update, async ({ params, body, request }) => {
    const result = await handle(
      request,
      params.id,
      { type: 'UpdateNewsItem', data: { content: toContent(body) } },
      { actor: actorOf(request) },
    );
    return { data: await adminView(result.state), position: result.position };
  });

  addRoute(app, newsRoutes.delete, async ({ params, request }) => {
    const result = await handle(request, params.id, { type: 'DeleteNewsItem', data: {} }, { actor: actorOf(request) });
    return { message: newsMessages.deleted, position: result.position };
  });
};
