import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import type { TableView } from '@stramien/api';
import { TABLE_NAME_MAX } from '@stramien/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, serverMessage } from '../../../../shared/apiErrors';
import { FormField } from '../../../../shared/forms/FormField';
import { storeTable, tableCalls } from '../../queries';

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
  const [ownError, setOwnError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => tableCalls.createTable({ project: { id: projectId }, name: name.trim() }),
    onSuccess: (answer) => {
      storeTable(queryClient, answer.data, answer.position);
      onCreated(answer.data);
    },
  });
  const fieldError = ownError ?? serverFieldErrors(create.error)?.name?.join(' ');
  const message = create.error && !fieldError ? serverMessage(create.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setOwnError(t('tables.create.name-required'));
      return;
    }
    setOwnError(null);
    create.mutate();
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('tables.create.title')}>
      <form onSubmit={submit} noValidate data-testid="create-table-form">
        <DialogBody>
          {message && (
            <Callout intent="danger" compact>
              {message}
            </Callout>
          )}
          <FormField id="create-table-name" label={t('tables.create.name')} required error={fieldError}>
            <InputGroup
              id="create-table-name"
              autoFocus
              value={name}
              maxLength={TABLE_NAME_MAX}
              intent={fieldError ? 'danger' : 'none'}
              onValueChange={setName}
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('tables.action.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={t('tables.create.submit')}
                loading={create.isPending}
                data-testid="create-table-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
