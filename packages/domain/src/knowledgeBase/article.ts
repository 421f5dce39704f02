import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';
import type { Translated } from '../shared/translated';
import { translatedSchema } from '../shared/translatedSchema';

export const ARTICLE_TITLE_MAX = 150;
export const ARTICLE_BODY_MAX = 50_000;
/** articles list by position, then title */
export const ARTICLE_POSITION_MAX = 9_999;

/** One language's texts of an article: its title and its body (markdown). */
export const articleTextsSchema = z.object({ title: z.string(), body: z.string() }).strict();
export type ArticleTexts = z.infer<typeof articleTextsSchema>;
export type ArticleTranslations = Translated<ArticleTexts>;
export const articleTranslationsSchema = translatedSchema(articleTextsSchema);

export const articleContentSchema = z.object({ translations: articleTranslationsSchema, position: z.number().int() });
export type ArticleContent = z.infer<typeof articleContentSchema>;

export const knowledgeBaseEventSchemas = {
  KnowledgeBaseArticleCreated: articleContentSchema.extend({ articleId: z.string() }),
  /** the full content after the change */
  KnowledgeBaseArticleUpdated: articleContentSchema.extend({ articleId: z.string() }),
  KnowledgeBaseArticleDeleted: z.object({ articleId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof knowledgeBaseEventSchemas;
export type KnowledgeBaseEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type KnowledgeBaseEventType = KnowledgeBaseEvent['type'];
export const knowledgeBaseEventTypes = Object.keys(knowledgeBaseEventSchemas) as KnowledgeBaseEventType[];
export const knowledgeBaseSchemas: EventSchemas<KnowledgeBaseEvent> = knowledgeBaseEventSchemas;

export interface ArticleState {
  exists: boolean;
  deleted: boolean;
  articleId: string;
  content: ArticleContent;
}

export const initialArticleState = (): ArticleState => ({
  exists: false,
  deleted: false,
  articleId: '',
  content: { translations: { en: { title: '', body: '' } }, position: 0 },
});

export const evolveArticle = (state: ArticleState, event: KnowledgeBaseEvent): ArticleState => {
  switch (event.type) {
    case 'KnowledgeBaseArticleCreated':
      return {
        exists: true,
        deleted: false,
        articleId: event.data.articleId,
        content: { translations: event.data.translations, position: event.data.position },
      };
    case 'KnowledgeBaseArticleUpdated':
      return { ...state, content: { translations: event.data.translations, position: event.data.position } };
    case 'KnowledgeBaseArticleDeleted':
      return { ...state, deleted: true };
  }
};
