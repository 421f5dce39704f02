import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { ApiError } from '@stramien/api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../shared/apiErrors';
import { LANGUAGES, currentLanguage, type Language } from '../../../shared/i18n';
import { FormField } from '../../../shared/forms/FormField';
import { translateMessage } from '../../account/passwordForm';

export type UserDialogMode = 'create' | 'invite' | 'add';

export interface UserDialogValues {
  email: string;
  firstname: string;
  lastname: string;
  language: Language;
  isAdmin: boolean;
}

export interface UserDialogProps {
  mode: UserDialogMode;
  onClose: () => void;
  /** resolves with the toast text on success */
  onSubmit: (values: UserDialogValues) => Promise<string>;
}

/**
 * Create a user (names required, an invitation mail follows), invite an address (names optional; the answer is the
 * same whether or not it has an account), or add an existing account by its e-mail address.
 */
export const UserDialog = ({ mode, onClose, onSubmit }: UserDialogProps) => {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('account');
  const [values, setValues] = useState<UserDialogValues>({
    email: '',
    firstname: '',
    lastname: '',
    language: currentLanguage(),
    isAdmin: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const set = <K extends keyof UserDialogValues>(key: K, value: UserDialogValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = useMutation({ mutationFn: () => onSubmit(values), onSuccess: () => onClose() });

  const namesRequired = mode === 'create';
  const required = (value: string, needed: boolean) =>
    submitted && needed && value.trim() === '' ? ta('account.validation.required') : undefined;
  const serverErrors = submit.error instanceof ApiError ? submit.error.errors : undefined;
  const errors = {
    email: required(values.email, true) ?? serverErrors?.email?.[0],
    firstname: required(values.firstname, namesRequired) ?? serverErrors?.firstname?.[0],
    lastname: required(values.lastname, namesRequired) ?? serverErrors?.lastname?.[0],
  };
  const valid = values.email.trim() !== '' && (!namesRequired || (values.firstname.trim() !== '' && values.lastname.trim() !== ''));
  const title = { create: t('admin.users.create'), invite: t('admin.users.invite'), add: t('admin.users.add-existing') }[mode];
  const submitText = { create: t('admin.users.create-submit'), invite: t('admin.users.invite-submit'), add: t('admin.users.add-submit') }[
    mode
  ];

  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (valid) submit.mutate();
        }}
      >
        <DialogBody>
          {mode !== 'add' && <p>{mode === 'create' ? t('admin.users.create-intro') : t('admin.users.invite-intro')}</p>}
          <FormField
            required
            id="user-dialog-email"
            label={ta('account.form.email')}
            error={errors.email && translateMessage(ta, errors.email)}
          >
            <InputGroup id="user-dialog-email" type="email" autoFocus value={values.email} onValueChange={(v) => set('email', v)} />
          </FormField>
          {mode !== 'add' && (
            <>
              <FormField id="user-dialog-firstname" label={ta('account.form.firstname')} error={errors.firstname} required={namesRequired}>
                <InputGroup id="user-dialog-firstname" value={values.firstname} onValueChange={(v) => set('firstname', v)} />
              </FormField>
              <FormField id="user-dialog-lastname" label={ta('account.form.lastname')} error={errors.lastname} required={namesRequired}>
                <InputGroup id="user-dialog-lastname" value={values.lastname} onValueChange={(v) => set('lastname', v)} />
              </FormField>
              <FormField label={t('admin.users.language')} id="user-dialog-language">
                <HTMLSelect
                  id="user-dialog-language"
                  value={values.language}
                  onChange={(event) => set('language', event.currentTarget.value as Language)}
                  options={LANGUAGES.map((code) => ({ value: code, label: t(`common.language.${code}`, { ns: 'common' }) }))}
                />
              </FormField>
            </>
          )}
          <Checkbox checked={values.isAdmin} label={t('admin.users.licence-admin')} onChange={() => set('isAdmin', !values.isAdmin)} />
          {submit.isError && !serverErrors && (
            <Callout intent="danger" role="alert">
              {serverMessage(submit.error) ?? t('admin.users.failed')}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('admin.users.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" loading={submit.isPending} text={submitText} />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
