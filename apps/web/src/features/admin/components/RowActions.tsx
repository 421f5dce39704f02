import { Alert, Button } from '@blueprintjs/core';
import { EditIcon, TrashIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The muted 'Actions' column heading of an admin list. */
export const ActionsHeader = () => {
  const { t } = useTranslation('admin');
  return (
    <th scope="col">
      <span className="bp6-text-muted">{t('admin.form.actions')}</span>
    </th>
  );
};

/** The edit and delete buttons at the end of an admin list's row. */
export const RowActions = ({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) => {
  const { t } = useTranslation('admin');
  return (
    <td className="stramien-admin__actions">
      <Button variant="minimal" size="small" icon={<EditIcon />} aria-label={t('admin.form.edit')} onClick={onEdit} />
      <Button variant="minimal" size="small" intent="danger" icon={<TrashIcon />} aria-label={t('admin.form.delete')} onClick={onDelete} />
    </td>
  );
};

export interface ConfirmDeleteProps {
  isOpen: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** the question, naming what goes */
  children: ReactNode;
}

/** The danger alert that asks before a row of an admin list is deleted. */
export const ConfirmDelete = ({ isOpen, busy, onCancel, onConfirm, children }: ConfirmDeleteProps) => {
  const { t } = useTranslation('admin');
  return (
    <Alert
      isOpen={isOpen}
      intent="danger"
      icon={<TrashIcon />}
      confirmButtonText={t('admin.form.delete')}
      cancelButtonText={t('admin.form.cancel')}
      loading={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {children}
    </Alert>
  );
};
