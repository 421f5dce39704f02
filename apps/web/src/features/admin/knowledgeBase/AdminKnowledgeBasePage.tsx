import { NonIdealState } from '@blueprintjs/core';
import { BookIcon } from '@blueprintjs/icons';
import { knowledgeBaseRoutes, type ArticleAdmin } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../../shared/api';
import { useDateFormat } from '../../../shared/dates';
import { adminArticlesQuery, knowledgeBaseKeys } from '../../knowledgeBase/queries';
import { LanguageTags } from '../components/TranslationTabs';
import { TranslatedItemsEditor } from '../components/TranslatedItemsEditor';
import { ArticleForm, EMPTY_ARTICLE, articleBody, articleFormValue, type ArticleFormValue } from './ArticleForm';

/** /admin/knowledge-base (system admins): the articles of the knowledge base, in English, Dutch and German. */
export const AdminKnowledgeBasePage = () => {
  const { t } = useTranslation('knowledgeBase');
  const dates = useDateFormat();
  const articles = useQuery(adminArticlesQuery());
  return (
    <TranslatedItemsEditor<ArticleAdmin, ArticleFormValue>
      testId="admin-knowledge-base"
      rowTestId="article-row"
      newTestId="article-new"
      icon={<BookIcon size={32} />}
      query={articles}
      empty={<NonIdealState icon={<BookIcon size={32} />} title={t('knowledgeBase.list.empty-none')} />}
      texts={{
        new: t('knowledgeBase.admin.new'),
        edit: t('knowledgeBase.admin.edit'),
        create: t('knowledgeBase.form.create'),
        save: t('knowledgeBase.form.save'),
        loadFailed: t('knowledgeBase.list.load-failed'),
        failed: t('knowledgeBase.toast.failed'),
        created: (title) => t('knowledgeBase.toast.created', { title }),
        updated: t('knowledgeBase.toast.updated'),
        deleted: t('knowledgeBase.toast.deleted'),
        confirmDelete: (title) => t('knowledgeBase.admin.confirm-delete', { title }),
      }}
      columns={[
        { header: t('knowledgeBase.admin.column-position'), cell: (article) => article.position },
        {
          header: t('knowledgeBase.admin.column-title'),
          cell: (article) => <Link to={`/knowledge-base/${article.id}`}>{article.translations.en.title}</Link>,
        },
        { header: t('knowledgeBase.admin.column-languages'), cell: (article) => <LanguageTags translations={article.translations} /> },
        { header: t('knowledgeBase.admin.column-updated'), cell: (article) => dates.dateTime(article.updated_at) },
      ]}
      calls={{
        create: (value) => api.call(knowledgeBaseRoutes.create, { body: articleBody(value) }),
        update: (id, value) => api.call(knowledgeBaseRoutes.update, { params: { id }, body: articleBody(value) }),
        remove: (id) => api.call(knowledgeBaseRoutes.delete, { params: { id } }),
      }}
      invalidates={[knowledgeBaseKeys.all]}
      form={{ Component: ArticleForm, empty: EMPTY_ARTICLE, valueOf: articleFormValue }}
    />
  );
};
