import { Button, Card, Dialog, DialogBody, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { LightbulbIcon, PlusIcon } from '@blueprintjs/icons';
import { newsRoutes, type NewsItemAdmin } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { serverFieldErrors, serverMessage } from '../../../shared/apiErrors';
import { useDateFormat } from '../../../shared/dates';
import { QueryState } from '../../../shared/QueryState';
import { showToast } from '../../../shared/toaster';
import { newsKeys } from '../../../app/news/newsStore';
import { ActionsHeader, ConfirmDelete, RowActions } from '../components/RowActions';
import { LanguageTags } from '../components/TranslationTabs';
import { adminNewsKeys, newsItemsQuery } from './queries';
import { EMPTY_NEWS, NewsItemForm, newsBody, newsFormValue, type NewsFormValue } from './NewsItemForm';

/** /admin/news (system admins): the news items of the what's-new panel, written in English, Dutch and German. */
export const AdminNewsPage = () => {
  const { t } = useTranslation('news');
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const items = useQuery(newsItemsQuery());
  // null: closed; 'new': a new item; else the item being edited
  const [editing, setEditing] = useState<NewsItemAdmin | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NewsItemAdmin | null>(null);

  const done = (message: string) => {
    showToast({ intent: 'success', message });
    void queryClient.invalidateQueries({ queryKey: adminNewsKeys.all });
    void queryClient.invalidateQueries({ queryKey: newsKeys.all });
  };
  const failed = (error: unknown) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('news.toast.failed') });

  const save = useMutation({
    mutationFn: ({ id, value }: { id: string | null; value: NewsFormValue }) =>
      id ? api.call(newsRoutes.update, { params: { id }, body: newsBody(value) }) : api.call(newsRoutes.create, { body: newsBody(value) }),
    onSuccess: (res, { id }) => {
      setEditing(null);
      done(id ? t('news.toast.updated') : t('news.toast.created', { title: res.data.translations.en.title }));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(newsRoutes.delete, { params: { id } }),
    onSuccess: () => {
      setDeleting(null);
      done(t('news.toast.deleted'));
    },
    onError: failed,
  });

  return (
    <div data-testid="admin-news">
      <div className="stramien-admin__toolbar">
        <Button
          intent="primary"
          icon={<PlusIcon />}
          text={t('news.admin.new')}
          data-testid="news-new"
          onClick={() => {
            save.reset();
            setEditing('new');
          }}
        />
      </div>
      <Card>
        <QueryState
          query={items}
          errorTitle={t('news.admin.load-failed')}
          errorIcon={<LightbulbIcon size={32} />}
          empty={
            <NonIdealState
              icon={<LightbulbIcon size={32} />}
              title={t('news.admin.empty')}
              description={t('news.admin.empty-description')}
            />
          }
        >
          {(rows) => (
            <HTMLTable compact interactive className="stramien-admin__table">
              <thead>
                <tr>
                  <th scope="col">{t('news.admin.column-title')}</th>
                  <th scope="col">{t('news.admin.column-languages')}</th>
                  <th scope="col">{t('news.admin.column-tags')}</th>
                  <th scope="col">{t('news.admin.column-auto-open')}</th>
                  <th scope="col">{t('news.admin.column-updated')}</th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map((item) => (
                  <tr key={item.id} data-testid="news-row">
                    <td>{item.translations.en.title}</td>
                    <td>
                      <LanguageTags translations={item.translations} />
                    </td>
                    <td>
                      {item.tags.map((tag) => (
                        <Tag key={tag} minimal round className="stramien-admin__tag">
                          {tag}
                        </Tag>
                      ))}
                    </td>
                    <td>{item.auto_open ? <Tag intent="warning">{t('news.admin.critical')}</Tag> : '—'}</td>
                    <td>{dates.dateTime(item.updated_at)}</td>
                    <RowActions
                      onEdit={() => {
                        save.reset();
                        setEditing(item);
                      }}
                      onDelete={() => setDeleting(item)}
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
        title={editing === 'new' ? t('news.admin.new') : t('news.admin.edit')}
        className="stramien-admin__dialog"
      >
        <DialogBody>
          {editing !== null && (
            <NewsItemForm
              key={editing === 'new' ? 'new' : editing.id}
              initial={editing === 'new' ? EMPTY_NEWS : newsFormValue(editing)}
              busy={save.isPending}
              submitText={editing === 'new' ? t('news.form.create') : t('news.form.save')}
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
        {t('news.admin.confirm-delete', { title: deleting?.translations.en.title ?? '' })}
      </ConfirmDelete>
    </div>
  );
};
