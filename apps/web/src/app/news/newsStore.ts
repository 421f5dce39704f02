import type { NewsItem } from '@stramien/api';
import { isNewsCritical, isNewsUnread } from '@stramien/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api, deferContracts } from '../../shared/api';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '../../shared/i18n';

export type { NewsItem };

const routes = deferContracts(() => import('./contracts'));

export const newsKeys = {
  all: ['news'] as const,
  whatsNew: (language: Language) => ['news', 'whats-new', language] as const,
};

/** GET /api/whats-new in the interface language: the items and the user's read time, kept on the server per user. */
export const whatsNewQuery = (language: Language) =>
  queryOptions({
    queryKey: newsKeys.whatsNew(language),
    queryFn: ({ signal }) => api.call(routes.newsRoutes.whatsNew, { query: { lang: language }, signal }),
    staleTime: 5 * 60_000,
  });

/** An item is unread if its updated_at is later than the read time (spec 2 §4). */
export const isUnread = (item: Pick<NewsItem, 'updated_at'>, readAt: string | null): boolean => isNewsUnread(item.updated_at, readAt);
/** Unread and auto_open: opens the panel by itself. */
export const isCritical = (item: Pick<NewsItem, 'updated_at' | 'auto_open'>, readAt: string | null): boolean =>
  isNewsCritical({ updatedAt: item.updated_at, autoOpen: item.auto_open }, readAt);

const EMPTY: NewsItem[] = [];

/**
 * The news of the user menu's dot and the panel: the items, how many are unread, whether one is critical, the read
 * time, and `markRead`, which stores the current time on the server (POST /api/whats-new/read; spec 1 §4: opening the
 * panel marks all news read) and puts it into every cached language at once.
 */
export const useNews = () => {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const queryClient = useQueryClient();
  const news = useQuery(whatsNewQuery(language));
  const items = news.data?.data ?? EMPTY;
  const readAt = news.data?.read_at ?? null;
  const { mutate } = useMutation({
    mutationFn: () => api.call(routes.newsRoutes.markRead, { body: {} }),
    onSuccess: ({ read_at }) => {
      queryClient.setQueriesData<{ data: NewsItem[]; read_at: string | null }>({ queryKey: newsKeys.all }, (old) =>
        old ? { ...old, read_at } : old,
      );
    },
  });
  const markRead = useCallback(() => mutate(), [mutate]);
  return {
    items,
    readAt,
    loaded: news.isSuccess,
    unread: items.filter((item) => isUnread(item, readAt)).length,
    critical: items.some((item) => isCritical(item, readAt)),
    markRead,
  };
};
