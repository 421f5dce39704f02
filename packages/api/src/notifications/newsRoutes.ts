import { z } from 'zod';
import {
  LANGUAGES,
  NEWS_BUTTON_TITLE_MAX,
  NEWS_DESCRIPTION_MAX,
  NEWS_LINK_MAX,
  NEWS_TAG_MAX,
  NEWS_TAGS_MAX,
  NEWS_TITLE_MAX,
} from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract } from '../shared/contract';

/** A news item as a reader gets it, in one language (spec 1 §3: title, description (markdown), image, tags, updated_at, auto_open, button_url, button_title). */
export const newsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  updated_at: z.string(),
  auto_open: z.boolean(),
  button_url: z.string().nullable(),
  button_title: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** One language's texts of a news item as a system admin writes them. */
const newsTexts = z
  .object({
    title: z.string().max(NEWS_TITLE_MAX),
    description: z.string().max(NEWS_DESCRIPTION_MAX),
    button_title: z.string().max(NEWS_BUTTON_TITLE_MAX).default(''),
  })
  .strict();
export const newsTranslationsSchema = z.object({ en: newsTexts, nl: newsTexts.optional(), de: newsTexts.optional() }).strict();

/** What a system admin sends to create or change a news item; the domain answers 422 for a missing English title or an unsafe link. */
export const newsItemInputSchema = z
  .object({
    translations: newsTranslationsSchema,
    image: z.string().max(NEWS_LINK_MAX).nullable().default(null),
    tags: z.array(z.string().max(NEWS_TAG_MAX)).max(NEWS_TAGS_MAX).default([]),
    auto_open: z.boolean().default(false),
    button_url: z.string().max(NEWS_LINK_MAX).nullable().default(null),
  })
  .strict();

/** A news item as the admin screen edits it: every language's texts. */
export const newsItemAdminSchema = z.object({
  id: z.string(),
  translations: z.object({
    en: z.object({ title: z.string(), description: z.string(), button_title: z.string() }),
    nl: z.object({ title: z.string(), description: z.string(), button_title: z.string() }).optional(),
    de: z.object({ title: z.string(), description: z.string(), button_title: z.string() }).optional(),
  }),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  auto_open: z.boolean(),
  button_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsItemAdmin = z.infer<typeof newsItemAdminSchema>;

const language = z.enum(LANGUAGES);

/**
 * News (what's new, spec 2 §7 'GET /whats-new'). Every signed-in user reads the news in their language and keeps
 * their own read time on the server; system admins write the items (spec: "not shown"; docs/news-and-knowledge-base.md).
 */
export const newsRoutes = {
  whatsNew: defineRoute({
    method: 'GET',
    path: '/api/whats-new',
    summary:
      "The news, newest first, in the asked language (else the user's), each field falling back to English; with the user's read time",
    tag: 'news',
    auth: true,
    policy: { access: 'user' },
    query: z.object({ lang: language.optional() }).strict().optional(),
    response: z.object({ data: z.array(newsItemSchema), read_at: z.string().nullable() }),
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/whats-new/read',
    summary: "Mark all news read: stores the current time as the user's news read time (opening the panel sends it)",
    tag: 'news',
    auth: true,
    policy: { access: 'user' },
    body: z.object({}).strict().optional(),
    response: z.object({ read_at: z.string(), position: z.number().int().nonnegative() }),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/news',
    summary: 'Every news item with its texts in every language, newest first (system admins)',
    tag: 'news',
    auth: true,
    policy: { access: 'system-admin' },
    response: z.object({ data: z.array(newsItemAdminSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/news',
    summary: 'Write a news item in English, Dutch and German (system admins)',
    tag: 'news',
    auth: true,
    policy: { access: 'system-admin' },
    body: newsItemInputSchema,
    response: commandResult(newsItemAdminSchema),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/news/:id',
    summary: 'Change a news item; a change makes it unread again for everybody (system admins)',
    tag: 'news',
    auth: true,
    policy: { access: 'system-admin' },
    params: z.object({ id: uuid }),
    body: newsItemInputSchema,
    response: commandResult(newsItemAdminSchema),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/news/:id',
    summary: 'Delete a news item (system admins)',
    tag: 'news',
    auth: true,
    policy: { access: 'system-admin' },
    params: z.object({ id: uuid }),
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
} satisfies Record<string, RouteContract>;
