import { Button, Card, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { PlusIcon } from '@blueprintjs/icons';
import { useMutation, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { serverFieldErrors, serverMessage } from '../../../shared/apiErrors';
import { QueryState } from '../../../shared/QueryState';
import { showToast } from '../../../shared/toaster';
import { ActionsHeader, ConfirmDelete, RowActions } from './RowActions';

/** What the editor needs of an item: its id and its English title (the name it is known by in toasts and questions). */
export interface TranslatedItem {
  id: string;
  translations: { en: { title: string } };
}

/** The props the editor gives its form: one form serves create and edit. */
export interface EditorFormProps<V> {
  initial: V;
  busy: boolean;
  submitText: string;
  /** field errors of the server's answer, keyed by its field names */
  serverErrors?: Record<string, string[]>;
  onSubmit: (value: V) => void;
  onCancel: () => void;
}

export interface EditorColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

/** The page's own texts (each page has its namespace). */
export interface EditorTexts {
  new: string;
  edit: string;
  create: string;
  save: string;
  loadFailed: string;
  failed: string;
  created: (title: string) => string;
  updated: string;
  deleted: string;
  confirmDelete: (title: string) => string;
}

export interface TranslatedItemsEditorProps<T extends TranslatedItem, V> {
  /** test ids of the page, of each row and of the New button */
  testId: string;
  rowTestId: string;
  newTestId: string;
  icon: ReactElement;
  query: Pick<UseQueryResult<T[]>, 'isPending' | 'isError' | 'error' | 'data'>;
  empty: ReactNode;
  texts: EditorTexts;
  columns: EditorColumn<T>[];
  calls: {
    create: (value: V) => Promise<{ data: T }>;
    update: (id: string, value: V) => Promise<{ data: T }>;
    remove: (id: string) => Promise<unknown>;
  };
  /** the queries a change makes stale */
  invalidates: QueryKey[];
  form: {
    Component: ComponentType<EditorFormProps<V>>;
    /** the value a new item starts from */
    empty: V;
    /** an item as the form edits it */
    valueOf: (item: T) => V;
  };
}

/**
 * The list a system admin writes translated items in (news, knowledge-base articles): a New button, the items in a
 * table with edit and delete per row, one dialog with the page's form for creating and editing, and a confirmation
 * before a delete; success and failure as toasts, and the page's queries refreshed after every change.
 */
export const TranslatedItemsEditor = <T extends TranslatedItem, V>({
  testId,
  rowTestId,
  newTestId,
  icon,
  query,
  empty,
  texts,
  columns,
  calls,
  invalidates,
  form,
}: TranslatedItemsEditorProps<T, V>) => {
  const queryClient = useQueryClient();
  // null: closed; 'new': a new item; else the item being edited
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const done = (message: string) => {
    showToast({ intent: 'success', message });
    for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
  };
  const failed = (error: unknown) => showToast({ intent: 'danger', message: serverMessage(error) ?? texts.failed });

  const save = useMutation({
    mutationFn: ({ id, value }: { id: string | null; value: V }) => (id ? calls.update(id, value) : calls.create(value)),
    onSuccess: (res, { id }) => {
      setEditing(null);
      done(id ? texts.updated : texts.created(res.data.translations.en.title));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => calls.remove(id),
    onSuccess: () => {
      setDeleting(null);
      done(texts.deleted);
    },
    onError: failed,
  });
  const edit = (item: T | 'new') => {
    save.reset();
    setEditing(item);
  };
  const Form = form.Component;

  return (
    <div data-testid={testId}>
      <div className="stramien-admin__toolbar">
        <Button intent="primary" icon={<PlusIcon />} text={texts.new} data-testid={newTestId} onClick={() => edit('new')} />
      </div>
      <Card>
        <QueryState query={query} errorTitle={texts.loadFailed} errorIcon={icon} empty={empty}>
          {(rows) => (
            <HTMLTable compact interactive className="stramien-admin__table">
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col">
                      {column.header}
                    </th>
                  ))}
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map((item) => (
                  <tr key={item.id} data-testid={rowTestId}>
                    {columns.map((column) => (
                      <td key={column.header}>{column.cell(item)}</td>
                    ))}
                    <RowActions onEdit={() => edit(item)} onDelete={() => setDeleting(item)} />
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
        title={editing === 'new' ? texts.new : texts.edit}
        className="stramien-admin__dialog"
      >
        <DialogBody>
          {editing !== null && (
            <Form
              key={editing === 'new' ? 'new' : editing.id}
              initial={editing === 'new' ? form.empty : form.valueOf(editing)}
              busy={save.isPending}
              submitText={editing === 'new' ? texts.create : texts.save}
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
        {texts.confirmDelete(deleting?.translations.en.title ?? '')}
      </ConfirmDelete>
    </div>
  );
};
