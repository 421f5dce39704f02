import { Button, Card, Dialog, DialogBody, H5, HTMLTable, InputGroup, NonIdealState, TextArea } from '@blueprintjs/core';
import { OfficeIcon, FolderCloseIcon } from '@blueprintjs/icons';
import type { NamedEntity } from '@stramien/api';
import { NAMED_ENTITY_DESCRIPTION_MAX, NAMED_ENTITY_NAME_MAX } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { useSession } from '../../identity/session/useSession';
import { ActionsHeader, ConfirmDelete, RowActions } from '../components/RowActions';
import { adminKeys, directoryQuery, directoryRoutes, type DirectoryKind } from '../queries';
import { FormField } from '../../../shared/forms/FormField';
import { QueryState } from '../../../shared/QueryState';

interface EntityFormValue {
  name: string;
  description: string;
}

const EntityForm = ({
  initial,
  busy,
  submitText,
  onSubmit,
  onCancel,
  idPrefix,
}: {
  initial: EntityFormValue;
  busy: boolean;
  submitText: string;
  onSubmit: (value: EntityFormValue) => void;
  onCancel?: () => void;
  idPrefix: string;
}) => {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const missing = touched && value.name.trim() === '';
  return (
    <form
      className="stramien-admin__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (value.name.trim() !== '') onSubmit(value);
      }}
    >
      <FormField label={t('admin.directory.name')} id={`${idPrefix}-name`} required error={missing ? t('admin.form.required') : undefined}>
        <InputGroup
          id={`${idPrefix}-name`}
          value={value.name}
          maxLength={NAMED_ENTITY_NAME_MAX}
          intent={missing ? 'danger' : 'none'}
          onValueChange={(name) => setValue({ ...value, name })}
        />
      </FormField>
      <FormField label={t('admin.directory.description')} id={`${idPrefix}-description`}>
        <TextArea
          id={`${idPrefix}-description`}
          fill
          value={value.description}
          maxLength={NAMED_ENTITY_DESCRIPTION_MAX}
          onChange={(event) => setValue({ ...value, description: event.currentTarget.value })}
        />
      </FormField>
      <div className="stramien-admin__form-actions">
        {onCancel && <Button text={t('admin.form.cancel')} onClick={onCancel} disabled={busy} />}
        <Button type="submit" intent="primary" text={submitText} loading={busy} data-testid={`${idPrefix}-submit`} />
      </div>
    </form>
  );
};

/** A licence's companies or collections: list, create, rename or describe, delete (docs/admin.md). */
const DirectoryPage = ({ kind, icon }: { kind: DirectoryKind; icon: ReactElement }) => {
  const { t } = useTranslation('admin');
  const { licence } = useSession();
  const licenceId = licence?.id ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...directoryQuery(kind, licenceId), enabled: licenceId !== '' });
  const routes = directoryRoutes[kind];
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<NamedEntity | null>(null);
  const [deleting, setDeleting] = useState<NamedEntity | null>(null);

  const done = (message: string) => {
    showToast({ intent: 'success', message });
    void queryClient.invalidateQueries({ queryKey: adminKeys.directory(kind, licenceId) });
  };
  const failed = (error: unknown) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('admin.form.failed') });

  const create = useMutation({
    mutationFn: (value: EntityFormValue) => api.call(routes.create, { params: { id: licenceId }, body: value }),
    onSuccess: (res) => {
      setFormKey((k) => k + 1);
      done(t('admin.directory.created', { name: res.data.name }));
    },
    onError: failed,
  });
  const update = useMutation({
    mutationFn: ({ id, value }: { id: string; value: EntityFormValue }) => api.call(routes.update, { params: { id }, body: value }),
    onSuccess: (res) => {
      setEditing(null);
      done(t('admin.directory.updated', { name: res.data.name }));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(routes.delete, { params: { id } }),
    onSuccess: () => {
      const name = deleting?.name ?? '';
      setDeleting(null);
      done(t('admin.directory.deleted', { name }));
    },
    onError: failed,
  });

  return (
    <div className="stramien-admin__split" data-testid={`admin-${kind}`}>
      <Card className="stramien-admin__list">
        <QueryState
          query={list}
          errorIcon={icon}
          errorTitle={t('admin.form.load-failed')}
          empty={<NonIdealState icon={icon} title={t('admin.empty.title')} description={t(`admin.${kind}.empty`)} />}
        >
          {(entities) => (
            <HTMLTable compact className="stramien-admin__table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.directory.name')}</th>
                  <th scope="col">{t('admin.directory.description')}</th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {entities.map((entity) => (
                  <tr key={entity.id} data-testid={`${kind}-row`}>
                    <td>{entity.name}</td>
                    <td className="bp6-text-muted">{entity.description}</td>
                    <RowActions onEdit={() => setEditing(entity)} onDelete={() => setDeleting(entity)} />
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      </Card>
      <Card className="stramien-admin__side">
        <H5>{t(`admin.${kind}.new`)}</H5>
        <EntityForm
          key={formKey}
          idPrefix={`${kind}-new`}
          initial={{ name: '', description: '' }}
          busy={create.isPending}
          submitText={t('admin.form.create')}
          onSubmit={(value) => create.mutate(value)}
        />
      </Card>
      <Dialog isOpen={editing !== null} onClose={() => setEditing(null)} title={t(`admin.${kind}.edit`)}>
        <DialogBody>
          {editing && (
            <EntityForm
              idPrefix={`${kind}-edit`}
              initial={{ name: editing.name, description: editing.description }}
              busy={update.isPending}
              submitText={t('admin.form.save')}
              onSubmit={(value) => update.mutate({ id: editing.id, value })}
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
        {t('admin.directory.confirm-delete', { name: deleting?.name ?? '' })}
      </ConfirmDelete>
    </div>
  );
};

/** /admin/companies (needs admin-account-companies). */
export const AdminCompaniesPage = () => <DirectoryPage kind="companies" icon={<OfficeIcon size={32} />} />;
/** /admin/collections. */
export const AdminCollectionsPage = () => <DirectoryPage kind="collections" icon={<FolderCloseIcon size={32} />} />;
