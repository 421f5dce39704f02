import { z } from 'zod';
import type { EventSchemas } from '../../shared/envelope';
import type { Translated } from '../../shared/translated';
import { translatedSchema } from '../../shared/translatedSchema';

/** Limits of a news item (spec 1 §3: title, description (markdown), image, tags, auto_open, button_url, button_title). */
export const NEWS_TITLE_MAX = 150;
export const NEWS_DESCRIPTION_MAX = 20_000;
export const NEWS_BUTTON_TITLE_MAX = 60;
export const NEWS_LINK_MAX = 2_000;
export const NEWS_TAGS_MAX = 10;
export const NEWS_TAG_MAX = 40;

/** One language's texts of a news item. */
export const newsTextsSchema = z.object({ title: z.string(), description: z.string(), buttonTitle: z.string() }).strict();
export type NewsTexts = z.infer<typeof newsTextsSchema>;
export type NewsTranslations = Translated<NewsTexts>;
export const newsTranslationsSchema = translatedSchema(newsTextsSchema);

/** What a system admin writes: the texts per language and the language-free parts. */
export const newsContentSchema = z.object({
  translations: newsTranslationsSchema,
  /** an http(s) address or a path of this site; null for none */
  image: z.string().nullable(),
  tags: z.array(z.string()),
  /** unread and auto_open makes an item critical: it opens the panel by itself (spec 1 §4) */
  autoOpen: z.boolean(),
  buttonUrl: z.string().nullable(),
});
export type NewsContent = z.infer<typeof newsContentSchema>;

export const newsItemEventSchemas = {
  NewsItemCreated: newsContentSchema.extend({ newsItemId: z.string() }),
  /** the full content after the change; its time is the item's new updated_at, so readers see it unread again */
  NewsItemUpdated: newsContentSchema.extend({ newsItemId: z.string() }),
  NewsItemDeleted: z.object({ newsItemId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof newsItemEventSchemas;
export type NewsItemEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type NewsItemEventType = NewsItemEvent['type'];
export const newsItemEventTypes = Object.keys(newsItemEventSchemas) as NewsItemEventType[];
export const newsItemSchemas: EventSchemas<NewsItemEvent> = newsItemEventSchemas;

export interface NewsItemState {
  exists: boolean;
  deleted: boolean;
  newsItemId: string;
  content: NewsContent;
}

const EMPTY_CONTENT: NewsContent = {
  translations: { en: { title: '', description: '', buttonTitle: '' } },
  image: null,
  tags: [],
  autoOpen: false,
  buttonUrl: null,
};

export const initialNewsItemState = (): NewsItemState => ({ exists: false, deleted: false, newsItemId: '', content: EMPTY_CONTENT });

const contentOf = (data: NewsContent): NewsContent => ({
  translations: data.translations,
  image: data.image,
  tags: data.tags,
  autoOpen: data.autoOpen,
  buttonUrl: data.buttonUrl,
});

export const evolveNewsItem = (state: NewsItemState, event: NewsItemEvent): NewsItemState => {
  switch (event.type) {
    case 'NewsItemCreated':
      return { exists: true, deleted: false, newsItemId: event.data.newsItemId, content: contentOf(event.data) };
    case 'NewsItemUpdated':
      return { ...state, content: contentOf(event.data) };
    case 'NewsItemDeleted':
      return { ...state, deleted: true };
  }
};

/** The per-user read time of the news panel (spec 1 §4: opening the panel marks all news read, storing the time). */
export const newsReaderEventSchemas = {
  NewsMarkedRead: z.object({ userId: z.string(), readAt: z.string() }),
} satisfies Record<string, z.ZodType>;
type ReaderSchemas = typeof newsReaderEventSchemas;
export type NewsReaderEvent = { [K in keyof ReaderSchemas]: { type: K; data: z.infer<ReaderSchemas[K]> } }[keyof ReaderSchemas];
export const newsReaderEventTypes = Object.keys(newsReaderEventSchemas) as NewsReaderEvent['type'][];
export const newsReaderSchemas: EventSchemas<NewsReaderEvent> = newsReaderEventSchemas;

export interface NewsReaderState {
  readAt: string | null;
}
export const initialNewsReaderState = (): NewsReaderState => ({ readAt: null });
export const evolveNewsReader = (state: NewsReaderState, event: NewsReaderEvent): NewsReaderState => {
  switch (event.type) {
    case 'NewsMarkedRead':
      return { readAt: event.data.readAt };
  }
};

// the reading rules are zod-free for the web app's shell (see docs/performance.md, "Web bundle")
export { isNewsCritical, isNewsUnread } from './newsReading';
