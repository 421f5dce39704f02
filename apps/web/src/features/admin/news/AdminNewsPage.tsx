import { NonIdealState, Tag } from '@blueprintjs/core';
import { LightbulbIcon } from '@blueprintjs/icons';
import { newsRoutes, type NewsItemAdmin } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { useDateFormat } from '../../../shared/dates';
import { newsKeys } from '../../../app/news/newsStore';
import { LanguageTags } from '../components/TranslationTabs';
import { TranslatedItemsEditor } from '../components/TranslatedItemsEditor';
import { adminNewsKeys, newsItemsQuery } from './queries';
import { EMPTY_NEWS, NewsItemForm, newsBody, newsFormValue, type NewsFormValue } from './NewsItemForm';

/** /admin/news (system admins): the news items of the what's-new panel, written in English, Dutch and German. */
export const AdminNewsPage = () => {
  const { t } = useTranslation('news');
  const dates = useDateFormat();
  const items = useQuery(newsItemsQuery());
  return (
    <TranslatedItemsEditor<NewsItemAdmin, NewsFormValue>
      testId="admin-news"
      rowTestId="news-row"
      newTestId="news-new"
      icon={<LightbulbIcon size={32} />}
      query={items}
      empty={
        <NonIdealState icon={<LightbulbIcon size={32} />} title={t('news.admin.empty')} description={t('news.admin.empty-description')} />
      }
      texts={{
        new: t('news.admin.new'),
        edit: t('news.admin.edit'),
        create: t('news.form.create'),
        save: t('news.form.save'),
        loadFailed: t('news.admin.load-failed'),
        failed: t('news.toast.failed'),
        created: (title) => t('news.toast.created', { title }),
        updated: t('news.toast.updated'),
        deleted: t('news.toast.deleted'),
        confirmDelete: (title) => t('news.admin.confirm-delete', { title }),
      }}
      columns={[
        { header: t('news.admin.column-title'), cell: (item) => item.translations.en.title },
        { header: t('news.admin.column-languages'), cell: (item) => <LanguageTags translations={item.translations} /> },
        {
          header: t('news.admin.column-tags'),
          cell: (item) =>
            item.tags.map((tag) => (
              <Tag key={tag} minimal round className="stramien-admin__tag">
                {tag}
              </Tag>
            )),
        },
        {
          header: t('news.admin.column-auto-open'),
          cell: (item) => (item.auto_open ? <Tag intent="warning">{t('news.admin.critical')}</Tag> : '—'),
        },
        { header: t('news.admin.column-updated'), cell: (item) => dates.dateTime(item.updated_at) },
      ]}
      calls={{
        create: (value) => api.call(newsRoutes.create, { body: newsBody(value) }),
        update: (id, value) => api.call(newsRoutes.update, { params: { id }, body: newsBody(value) }),
        remove: (id) => api.call(newsRoutes.delete, { params: { id } }),
      }}
      invalidates={[adminNewsKeys.all, newsKeys.all]}
      form={{ Component: NewsItemForm, empty: EMPTY_NEWS, valueOf: newsFormValue }}
    />
  );
};
