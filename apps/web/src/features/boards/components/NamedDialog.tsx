import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { BOARD_NAME_MAX } from '@stramien/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../shared/apiErrors';
import { FormField } from '../../../shared/forms/FormField';

export interface NamedDialogProps {
  /** 'board' or 'lane': the ids `<kind>-name` of the name field and `<kind>-save` of the save button */
  kind: 'board' | 'lane';
  title: string;
  nameLabel: string;
  name: string;
  onNameChange: (name: string) => void;
  /** the last save's failure: its field message on `name` shows under the field */
  saveError: unknown;
  saving: boolean;
  /** called on submit once the name is filled in (else 'Required.' shows and nothing is sent) */
  onSave: () => void;
  onClose: () => void;
  /** footer buttons before Cancel (a lane's Delete) */
  actions?: ReactNode;
  /** the fields after the name */
  children?: ReactNode;
}

/** The form dialog of a board and of a lane: a required name (at most BOARD_NAME_MAX), their own fields, Cancel and Save. */
export const NamedDialog = ({
  kind,
  title,
  nameLabel,
  name,
  onNameChange,
  saveError,
  saving,
  onSave,
  onClose,
  actions,
  children,
}: NamedDialogProps) => {
  const { t } = useTranslation('boards');
  const [touched, setTouched] = useState(false);
  const missing = touched && name.trim() === '';
  const nameError = missing ? t('boards.dialog.required') : serverFieldErrors(saveError)?.name?.[0];
  const id = `${kind}-name`;
  return (
    <Dialog isOpen onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (name.trim() !== '') onSave();
        }}
      >
        <DialogBody>
          <FormField id={id} label={nameLabel} required error={nameError}>
            <InputGroup
              id={id}
              value={name}
              maxLength={BOARD_NAME_MAX}
              intent={nameError ? 'danger' : 'none'}
              onValueChange={onNameChange}
              autoFocus
            />
          </FormField>
          {children}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {actions}
              <Button text={t('boards.dialog.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" text={t('boards.dialog.save')} loading={saving} data-testid={`${kind}-save`} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
