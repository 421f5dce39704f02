import { z } from 'zod';
import { ARTICLE_BODY_MAX, ARTICLE_POSITION_MAX, ARTICLE_TITLE_MAX, LANGUAGES } from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract } from '../shared/contract';

/** An article in the list: its title and the start of its text, in the reader's language. */
export const articleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  updated_at: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** An article to read: its title and body (markdown) in the reader's language. */
export const articleSchema = z.object({ id: z.string(), title: z.string(), body: z.string(), updated_at: z.string() });
export type Article = z.infer<typeof articleSchema>;

const articleTexts = z.object({ title: z.string().max(ARTICLE_TITLE_MAX), body: z.string().max(ARTICLE_BODY_MAX) }).strict();
export const articleInputSchema = z
  .object({
    translations: z.object({ en: articleTexts, nl: articleTexts.optional(), de: articleTexts.optional() }).strict(),
    position: z.number().int().min(0).max(ARTICLE_POSITION_MAX).default(100),
  })
  .strict();

/** An article as the admin screen edits it: every language's texts. */
export const articleAdminSchema = z.object({
  id: z.string(),
  translations: z.object({
    en: z.object({ title: z.string(), body: z.string() }),
    nl: z.object({ title: z.string(), body: z.string() }).optional(),
    de: z.object({ title: z.string(), body: z.string() }).optional(),
  }),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ArticleAdmin = z.infer<typeof articleAdminSchema>;

const language = z.enum(LANGUAGES);

/**
 * The knowledge base (spec 1 §2 '/knowledge-base and /knowledge-base/{itemId}'; calls not shown, designed in
 * docs/news-and-knowledge-base.md): every signed-in user reads and searches; system admins write. Articles belong to
 * the product, not to a licence.
 */
export const knowledgeBaseRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/knowledge-base',
    summary:
      "Articles in the asked language (else the user's, each field falling back to English); with search, those whose title or text has every word",
    tag: 'knowledge-base',
    auth: true,
    policy: { access: 'user' },
    query: z
      .object({ search: z.string().max(200).optional(), lang: language.optional() })
      .strict()
      .optional(),
    response: z.object({ data: z.array(articleSummarySchema) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/knowledge-base/:id',
    summary: "One article in the asked language (else the user's), each field falling back to English",
    tag: 'knowledge-base',
    auth: true,
    policy: { access: 'user' },
    params: z.object({ id: uuid }),
    query: z.object({ lang: language.optional() }).strict().optional(),
    response: z.object({ data: articleSchema }),
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/knowledge-base-articles',
    summary: 'Every article with its texts in every language (system admins)',
    tag: 'knowledge-base',
    auth: true,
    policy: { access: 'system-admin' },
    response: z.object({ data: z.array(articleAdminSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/knowledge-base-articles',
    summary: 'Write an article (markdown) in English, Dutch and German (system admins)',
    tag: 'knowledge-base',
    auth: true,
    policy: { access: 'system-admin' },
    body: articleInputSchema,
    response: commandResult(articleAdminSchema),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/knowledge-base-articles/:id',
    summary: 'Change an article (system admins)',
    tag: 'knowledge-base',
    auth: true,
    policy: { access: 'system-admin' },
    params: z.object({ id: uuid }),
    body: articleInputSchema,
    response: commandResult(articleAdminSchema),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/knowledge-base-articles/:id',
    summary: 'Delete an article (system admins)',
    tag: 'knowledge-base',
    auth: true,
    policy: { access: 'system-admin' },
    params: z.object({ id: uuid }),
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
} satisfies Record<string, RouteContract>;
