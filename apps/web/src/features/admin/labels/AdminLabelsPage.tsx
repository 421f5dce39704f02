import { Card, Dialog, DialogBody, H5, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { TagIcon } from '@blueprintjs/icons';
import { labelRoutes, type Label } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { useSession } from '../../identity/session/useSession';
import { ActionsHeader, ConfirmDelete, RowActions } from '../components/RowActions';
import { projectListQuery } from '../../projects/queries';
import { adminKeys, labelsQuery } from '../queries';
import { LabelForm, type LabelFormValue } from './LabelForm';
import { QueryState } from '../../../shared/QueryState';

const EMPTY: LabelFormValue = { title: '', color: '', projectId: '' };

/** /admin/labels — the licence's task labels (spec 1 §7 Labels): licence-wide and per project. */
export const AdminLabelsPage = () => {
  const { t } = useTranslation('admin');
  const { licence } = useSession();
  const licenceId = licence?.id ?? '';
  const queryClient = useQueryClient();
  const labels = useQuery({ ...labelsQuery(licenceId), enabled: licenceId !== '' });
  const projects = useQuery({ ...projectListQuery(licenceId), enabled: licenceId !== '' });
  const projectNames = new Map((projects.data ?? []).map((p) => [p.id, p.name]));
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<Label | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);

  const done = (message: string) => {
    showToast({ intent: 'success', message });
    void queryClient.invalidateQueries({ queryKey: adminKeys.labels(licenceId) });
  };
  const failed = (error: unknown) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('admin.form.failed') });

  const create = useMutation({
    mutationFn: (value: LabelFormValue) =>
      api.call(labelRoutes.create, {
        body: {
          title: value.title,
          color: value.color,
          license: { id: licenceId },
          ...(value.projectId ? { project: { id: value.projectId } } : {}),
        },
      }),
    onSuccess: (res) => {
      setFormKey((k) => k + 1);
      done(t('admin.labels.created', { title: res.data.title }));
    },
    onError: failed,
  });
  const update = useMutation({
    mutationFn: ({ id, value }: { id: string; value: LabelFormValue }) =>
      api.call(labelRoutes.update, { params: { id }, body: { title: value.title, color: value.color } }),
    onSuccess: (res) => {
      setEditing(null);
      done(t('admin.labels.updated', { title: res.data.title }));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(labelRoutes.delete, { params: { id } }),
    onSuccess: () => {
      setDeleting(null);
      done(t('admin.labels.deleted'));
    },
    onError: failed,
  });

  const projectOptions = (projects.data ?? []).map((p) => ({ id: p.id, name: p.name }));

  return (
    <div className="stramien-admin__split" data-testid="admin-labels">
      <Card className="stramien-admin__list">
        <QueryState
          query={labels}
          errorTitle={t('admin.form.load-failed')}
          errorIcon={<TagIcon size={32} />}
          empty={<NonIdealState icon={<TagIcon size={32} />} title={t('admin.empty.title')} description={t('admin.labels.empty')} />}
        >
          {(rows) => (
            <HTMLTable compact interactive className="stramien-admin__table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.labels.title-field')}</th>
                  <th scope="col">{t('admin.labels.project-field')}</th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map((label) => (
                  <tr key={label.id} data-testid="label-row">
                    <td>
                      <span className="stramien-admin__swatch" style={{ background: label.color }} /> {label.title}
                    </td>
                    <td>
                      {label.project ? (projectNames.get(label.project.id) ?? t('admin.labels.a-project')) : t('admin.labels.licence-wide')}
                    </td>
                    <RowActions onEdit={() => setEditing(label)} onDelete={() => setDeleting(label)} />
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      </Card>
      <Card className="stramien-admin__side">
        <H5>{t('admin.labels.new')}</H5>
        <LabelForm
          key={formKey}
          initial={EMPTY}
          projects={projectOptions}
          busy={create.isPending}
          submitText={t('admin.form.create')}
          onSubmit={(value) => create.mutate(value)}
        />
      </Card>
      <Dialog isOpen={editing !== null} onClose={() => setEditing(null)} title={t('admin.labels.edit')}>
        <DialogBody>
          {editing && (
            <LabelForm
              initial={{ title: editing.title, color: editing.color, projectId: editing.project?.id ?? '' }}
              projects={projectOptions}
              projectFixed
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
        {t('admin.labels.confirm-delete', { title: deleting?.title ?? '' })}
      </ConfirmDelete>
    </div>
  );
};
