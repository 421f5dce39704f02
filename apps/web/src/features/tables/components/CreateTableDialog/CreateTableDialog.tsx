import type { TableView } from '@stramien/api';
import { TABLE_NAME_MAX } from '@stramien/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeTable, tableCalls } from '../../queries';
import { NameDialog } from '../../../../shared/forms/NameDialog';

export interface CreateTableDialogProps {
  projectId: string;
  onClose: () => void;
  onCreated: (table: TableView) => void;
}

/** Creates a table of the project by its name (project admins, spec 2 §6); the server's refusal shows on the field. */
export const CreateTableDialog = ({ projectId, onClose, onCreated }: CreateTableDialogProps) => {
  const { t } = useTranslation('tables');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => tableCalls.createTable({ project: { id: projectId }, name: name.trim() }),
    onSuccess: (answer) => {
      storeTable(queryClient, answer.data, answer.position);
      onCreated(answer.data);
    },
  });
  return (
    <NameDialog
      title={t('tables.create.title')}
      id="create-table-name"
      label={t('tables.create.name')}
      field="name"
      value={name}
      onChange={setName}
      maxLength={TABLE_NAME_MAX}
      requiredMessage={t('tables.create.name-required')}
      submitText={t('tables.create.submit')}
      submitTestId="create-table-submit"
      formTestId="create-table-form"
      cancelText={t('tables.action.cancel')}
      failedText={t('tables.settings.failed')}
      pending={create.isPending}
      error={create.error}
      onSubmit={() => create.mutate()}
      onClose={onClose}
    />
  );
};
