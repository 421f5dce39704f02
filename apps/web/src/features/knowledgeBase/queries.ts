import { knowledgeBaseRoutes } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { Language } from '../../shared/i18n';

export const knowledgeBaseKeys = {
  all: ['knowledgeBase'] as const,
  list: (language: Language, search: string) => ['knowledgeBase', 'list', language, search] as const,
  article: (id: string, language: Language) => ['knowledgeBase', 'article', id, language] as const,
  admin: ['knowledgeBase', 'admin'] as const,
};

/** GET /api/knowledge-base — the articles in the interface language; with a search, those with every word. */
export const articlesQuery = (language: Language, search: string) =>
  queryOptions({
    queryKey: knowledgeBaseKeys.list(language, search),
    queryFn: async ({ signal }) =>
      (await api.call(knowledgeBaseRoutes.list, { query: { lang: language, ...(search ? { search } : {}) }, signal })).data,
    placeholderData: (previous) => previous,
  });

/** GET /api/knowledge-base/:id — one article in the interface language. */
export const articleQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: knowledgeBaseKeys.article(id, language),
    queryFn: async ({ signal }) => (await api.call(knowledgeBaseRoutes.get, { params: { id }, query: { lang: language }, signal })).data,
  });

/** GET /api/knowledge-base-articles — every article with all its languages (system admins). */
export const adminArticlesQuery = () =>
  queryOptions({
    queryKey: knowledgeBaseKeys.admin,
    queryFn: async ({ signal }) => (await api.call(knowledgeBaseRoutes.adminList, { signal })).data,
  });
