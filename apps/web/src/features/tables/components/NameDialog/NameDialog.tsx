import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, serverMessage } from '../../../../shared/apiErrors';
import { FormField } from '../../../../shared/forms/FormField';

export interface NameDialogProps {
  title: string;
  /** the field's id (and its label's target) */
  id: string;
  label: string;
  /** the body field whose server message shows under the field */
  field: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** shown under the field when it is sent empty; nothing is sent */
  requiredMessage?: string;
  submitText: string;
  /** `<testId>-form` on the form, `<testId>-submit` on its button */
  testId: string;
  pending: boolean;
  /** the last save's failure: its field message under the field, else the server's message above */
  error: unknown;
  /** called with a filled-in value */
  onSubmit: () => void;
  onClose: () => void;
}

/** The one-field form dialog of the tables screens (a new table's name, a revision's reason): Cancel and submit. */
export const NameDialog = (props: NameDialogProps) => {
  const { t } = useTranslation('tables');
  const [missing, setMissing] = useState(false);
  const fieldError = (missing ? props.requiredMessage : undefined) ?? serverFieldErrors(props.error)?.[props.field]?.join(' ');
  const message = props.error && !fieldError ? (serverMessage(props.error) ?? t('tables.settings.failed')) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = props.value.trim() === '';
    setMissing(empty);
    if (!empty) props.onSubmit();
  };
  return (
    <Dialog isOpen onClose={props.onClose} title={props.title}>
      <form onSubmit={submit} noValidate data-testid={`${props.testId}-form`}>
        <DialogBody>
          {message && (
            <Callout intent="danger" compact>
              {message}
            </Callout>
          )}
          <FormField id={props.id} label={props.label} required error={fieldError}>
            <InputGroup
              id={props.id}
              autoFocus
              value={props.value}
              maxLength={props.maxLength}
              intent={fieldError ? 'danger' : 'none'}
              onValueChange={props.onChange}
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('tables.action.cancel')} onClick={props.onClose} />
              <Button
                type="submit"
                intent="primary"
                text={props.submitText}
                loading={props.pending}
                data-testid={`${props.testId}-submit`}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
