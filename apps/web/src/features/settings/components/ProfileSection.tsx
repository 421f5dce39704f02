import { Button, Callout, HTMLSelect, InputGroup, Section, SectionCard } from '@blueprintjs/core';
import { ApiError, type User } from '@stramien/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../shared/apiErrors';
import { LANGUAGES, changeLanguage, type Language } from '../../../shared/i18n';
import { FormField } from '../../../shared/forms/FormField';
import { showToast } from '../../../shared/toaster';
import { translateMessage } from '../../account/passwordForm';
import { identityKeys } from '../../identity/session/queries';
import type { SettingsCalls } from '../calls';

/** Settings › profile: first and last name, language (PUT /api/user/{id}). */
export const ProfileSection = ({ user, calls }: { user: User; calls: SettingsCalls }) => {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('account');
  const queryClient = useQueryClient();
  const [firstname, setFirstname] = useState(user.firstname);
  const [lastname, setLastname] = useState(user.lastname);
  const [language, setLanguage] = useState<Language>(user.language);
  const [submitted, setSubmitted] = useState(false);

  const save = useMutation({
    mutationFn: () => calls.updateProfile(user.id, { firstname: firstname.trim(), lastname: lastname.trim(), language }),
    onSuccess: async ({ data }) => {
      showToast({ intent: 'success', message: t('settings.profile.updated', { name: data.name }) });
      if (data.language !== user.language) await changeLanguage(data.language);
      await queryClient.invalidateQueries({ queryKey: identityKeys.currentUser() });
    },
    onError: () => showToast({ intent: 'danger', message: t('settings.profile.failed') }),
  });

  const required = (value: string) => (submitted && value.trim() === '' ? ta('account.validation.required') : undefined);
  const serverErrors = save.error instanceof ApiError ? save.error.errors : undefined;
  const errors = {
    firstname: required(firstname) ?? serverErrors?.firstname?.[0],
    lastname: required(lastname) ?? serverErrors?.lastname?.[0],
  };
  const changed = firstname.trim() !== user.firstname || lastname.trim() !== user.lastname || language !== user.language;

  return (
    <Section title={t('settings.profile.title')} className="stramien-settings__section" data-testid="settings-profile">
      <SectionCard>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (firstname.trim() !== '' && lastname.trim() !== '') save.mutate();
          }}
        >
          <FormField label={t('settings.profile.email')} id="profile-email">
            <InputGroup id="profile-email" value={user.email} readOnly disabled />
          </FormField>
          <div className="stramien-settings__row">
            <FormField required id="profile-firstname" label={ta('account.form.firstname')} error={errors.firstname}>
              <InputGroup id="profile-firstname" autoComplete="given-name" value={firstname} onValueChange={setFirstname} />
            </FormField>
            <FormField required id="profile-lastname" label={ta('account.form.lastname')} error={errors.lastname}>
              <InputGroup id="profile-lastname" autoComplete="family-name" value={lastname} onValueChange={setLastname} />
            </FormField>
          </div>
          <FormField label={t('settings.profile.language')} id="profile-language">
            <HTMLSelect
              id="profile-language"
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value as Language)}
              options={LANGUAGES.map((code) => ({ value: code, label: t(`common.language.${code}`, { ns: 'common' }) }))}
            />
          </FormField>
          {save.isError && !serverErrors && (
            <Callout intent="danger" role="alert" className="stramien-account__error">
              {translateMessage(ta, serverMessage(save.error) ?? t('settings.profile.failed'))}
            </Callout>
          )}
          <Button type="submit" intent="primary" loading={save.isPending} disabled={!changed} text={t('settings.profile.save')} />
        </form>
      </SectionCard>
    </Section>
  );
};
