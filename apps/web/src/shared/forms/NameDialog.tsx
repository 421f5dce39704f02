import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { serverFieldErrors, serverMessage } from '../apiErrors';
import { FormField } from './FormField';

export interface NameDialogProps {
  title: string;
  /** the field's id (and its label's target) */
  id: string;
  label: string;
  /** the body field whose server message shows under the field; `name` when left out */
  field?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** shown under the field when it is sent empty; nothing is sent */
  requiredMessage?: string;
  submitText: string;
  cancelText: string;
  /** the data-testid of the submit button */
  submitTestId: string;
  /** the data-testid of the form */
  formTestId?: string;
  pending: boolean;
  /** the last save's failure: its field message under the field */
  error: unknown;
  /**
   * the failure's own message above the field when it has no field message (`failedText` when the server gave none);
   * left out where the caller tells the failure in a toast
   */
  failedText?: string;
  /** called with a filled-in value */
  onSubmit: () => void;
  onClose: () => void;
  /** footer buttons before Cancel (a lane's Delete) */
  actions?: ReactNode;
  /** the fields after the name */
  children?: ReactNode;
}

/**
 * The form dialog whose one required field is a name (a table, a revision's reason, a board, a lane), with the
 * caller's further fields: the field's message when it is sent empty or refused, Cancel and submit.
 */
export const NameDialog = (props: NameDialogProps) => {
  const [missing, setMissing] = useState(false);
  const fieldError = (missing ? props.requiredMessage : undefined) ?? serverFieldErrors(props.error)?.[props.field ?? 'name']?.join(' ');
  const message = props.failedText !== undefined && props.error && !fieldError ? (serverMessage(props.error) ?? props.failedText) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = props.value.trim() === '';
    setMissing(empty);
    if (!empty) props.onSubmit();
  };
  return (
    <Dialog isOpen onClose={props.onClose} title={props.title}>
      <form onSubmit={submit} noValidate data-testid={props.formTestId}>
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
          {props.children}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {props.actions}
              <Button text={props.cancelText} onClick={props.onClose} />
              <Button type="submit" intent="primary" text={props.submitText} loading={props.pending} data-testid={props.submitTestId} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
