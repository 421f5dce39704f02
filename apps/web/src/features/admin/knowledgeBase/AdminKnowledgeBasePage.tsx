import { Button, Card, Dialog, DialogBody, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { BookIcon, PlusIcon } from '@blueprintjs/icons';
import { knowledgeBaseRoutes, type ArticleAdmin } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../../shared/api';
import { serverFieldErrors, serverMessage } from '../../../shared/apiErrors';
import { useDateFormat } from '../../../shared/dates';
import { QueryState } from '../../../shared/QueryState';
import { showToast } from '../../../shared/toaster';
import { adminArticlesQuery, knowledgeBaseKeys } from '../../knowledgeBase/queries';
import { ActionsHeader, ConfirmDelete, RowActions } from '../components/RowActions';
import { LanguageTags } from '../components/TranslationTabs';
import { ArticleForm, EMPTY_ARTICLE, articleBody, articleFormValue, type ArticleFormValue } from './ArticleForm';

/** /admin/knowledge-base (system admins): the articles of the knowledge base, in English, Dutch and German. */
export const AdminKnowledgeBasePage = () => {
  const { t } = useTranslation('knowledgeBase');
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const articles = useQuery(adminArticlesQuery());
  const [editing, setEditing] = useState<ArticleAdmin | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ArticleAdmin | null>(null);

  const done = (message: string) => {
    showToast({ intent: 'success', message });
    void queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.all });
  };
  const failed = (error: unknown) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('knowledgeBase.toast.failed') });

  const save = useMutation({
    mutationFn: ({ id, value }: { id: string | null; value: ArticleFormValue }) =>
      id
        ? api.call(knowledgeBaseRoutes.update, { params: { id }, body: articleBody(value) })
        : api.call(knowledgeBaseRoutes.create, { body: articleBody(value) }),
    onSuccess: (res, { id }) => {
      setEditing(null);
      done(id ? t('knowledgeBase.toast.updated') : t('knowledgeBase.toast.created', { title: res.data.translations.en.title }));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(knowledgeBaseRoutes.delete, { params: { id } }),
    onSuccess: () => {
      setDeleting(null);
      done(t('knowledgeBase.toast.deleted'));
    },
    onError: failed,
  });

  return (
    <div data-testid="admin-knowledge-base">
      <div className="stramien-admin__toolbar">
        <Button
          intent="primary"
          icon={<PlusIcon />}
          text={t('knowledgeBase.admin.new')}
          data-testid="article-new"
          onClick={() => {
            save.reset();
            setEditing('new');
          }}
        />
      </div>
      <Card>
        <QueryState
          query={articles}
          errorTitle={t('knowledgeBase.list.load-failed')}
          errorIcon={<BookIcon size={32} />}
          empty={<NonIdealState icon={<BookIcon size={32} />} title={t('knowledgeBase.list.empty-none')} />}
        >
          {(rows) => (
            <HTMLTable compact interactive className="stramien-admin__table">
              <thead>
                <tr>
                  <th scope="col">{t('knowledgeBase.admin.column-position')}</th>
                  <th scope="col">{t('knowledgeBase.admin.column-title')}</th>
                  <th scope="col">{t('knowledgeBase.admin.column-languages')}</th>
                  <th scope="col">{t('knowledgeBase.admin.column-updated')}</th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map((article) => (
                  <tr key={article.id} data-testid="article-row">
                    <td>{article.position}</td>
                    <td>
                      <Link to={`/knowledge-base/${article.id}`}>{article.translations.en.title}</Link>
                    </td>
                    <td>
                      <LanguageTags translations={article.translations} />
                    </td>
                    <td>{dates.dateTime(article.updated_at)}</td>
                    <RowActions
                      onEdit={() => {
                        save.reset();
                        setEditing(article);
                      }}
                      onDelete={() => setDeleting(article)}
                    />
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      </Card>
      <Dialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('knowledgeBase.admin.new') : t('knowledgeBase.admin.edit')}
        className="stramien-admin__dialog"
      >
        <DialogBody>
          {editing !== null && (
            <ArticleForm
              key={editing === 'new' ? 'new' : editing.id}
              initial={editing === 'new' ? EMPTY_ARTICLE : articleFormValue(editing)}
              busy={save.isPending}
              submitText={editing === 'new' ? t('knowledgeBase.form.create') : t('knowledgeBase.form.save')}
              serverErrors={serverFieldErrors(save.error)}
              onSubmit={(value) => save.mutate({ id: editing === 'new' ? null : editing.id, value })}
              onCancel={() => setEditing(null)}
            />
          )}
        </DialogBody>
      </Dialog>
      <ConfirmDelete
        isOpen={deleting !== null}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {t('knowledgeBase.admin.confirm-delete', { title: deleting?.translations.en.title ?? '' })}
      </ConfirmDelete>
    </div>
  );
};
