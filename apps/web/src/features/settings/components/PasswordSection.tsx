import { Button, Callout, Checkbox, Section, SectionCard } from '@blueprintjs/core';
import { ApiError, type User } from '@stramien/api';
import { isPasswordExpired, passwordExpiryWarningDays } from '@stramien/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../shared/apiErrors';
import { PasswordField } from '../../../shared/forms/PasswordField';
import { showToast } from '../../../shared/toaster';
import { newPasswordErrors, serverFieldError, translateMessage } from '../../account/passwordForm';
import { identityKeys } from '../../identity/session/queries';
import { storeToken } from '../../identity/session/tokenStorage';
import type { SettingsCalls } from '../calls';

export interface PasswordSectionProps {
  user: User;
  calls: SettingsCalls;
  /** `?status=reset`: the router sent the user here to choose a new password (spec §2) */
  mustReset?: boolean;
  /** the clock, for the expiry warning */
  now?: () => number;
}

/**
 * Settings › password (spec §5): current, new and repeated password with the policy hints, and a warning when the
 * password expires within 14 days. The server answers a fresh token for this session (tokens from before stop
 * working), which is stored at once.
 */
export const PasswordSection = ({ user, calls, mustReset = false, now = Date.now }: PasswordSectionProps) => {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('account');
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const change = useMutation({
    mutationFn: () =>
      calls.updatePassword({ email: user.email, currentpassword: current, newpassword: password, newpassword_confirmation: confirmation }),
    onSuccess: async (answer) => {
      storeToken(answer.access_token, answer.expires_in);
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setSubmitted(false);
      showToast({ intent: 'success', message: t('settings.password.updated', { name: user.name }) });
      await queryClient.invalidateQueries({ queryKey: identityKeys.currentUser() });
    },
    onError: () => showToast({ intent: 'danger', message: t('settings.password.failed') }),
  });

  const local = newPasswordErrors(ta, { password, confirmation, current });
  const currentMissing = current === '' ? ta('account.validation.required') : undefined;
  const serverErrors = change.error instanceof ApiError ? change.error.errors : undefined;
  const show = (message: string | undefined) => (submitted ? message : undefined);
  const errors = {
    current: show(currentMissing) ?? serverFieldError(ta, serverErrors, 'currentpassword', 'email'),
    password: show(local.password) ?? serverFieldError(ta, serverErrors, 'newpassword'),
    confirmation: show(local.confirmation) ?? serverFieldError(ta, serverErrors, 'newpassword_confirmation'),
  };
  const failure = change.isError && !serverErrors ? serverMessage(change.error) : null;

  const expiresAt = user.password_expires_at ?? null;
  const expired = expiresAt !== null && isPasswordExpired(expiresAt, now());
  const daysLeft = passwordExpiryWarningDays(expiresAt, now());

  return (
    <Section title={t('settings.password.title')} className="stramien-settings__section" data-testid="settings-password">
      <SectionCard>
        {(expired || mustReset) && (
          <Callout intent="danger" role="alert" className="stramien-account__error" data-testid="password-expired">
            {t('settings.password.expired')}
          </Callout>
        )}
        {!expired && daysLeft !== null && (
          <Callout intent="warning" className="stramien-account__error" data-testid="password-expiry-warning">
            {daysLeft === 0
              ? t('settings.password.expires-today')
              : daysLeft === 1
                ? t('settings.password.expires-in-one-day')
                : t('settings.password.expires-in-days', { count: daysLeft })}
          </Callout>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (!currentMissing && !local.password && !local.confirmation) change.mutate();
          }}
        >
          <PasswordField
            id="settings-current-password"
            label={ta('account.form.current-password')}
            error={errors.current}
            autoComplete="current-password"
            value={current}
            visible={visible}
            onChange={setCurrent}
          />
          <PasswordField
            id="settings-new-password"
            label={ta('account.form.new-password')}
            error={errors.password}
            autoComplete="new-password"
            value={password}
            visible={visible}
            onChange={setPassword}
            withRules
          />
          <PasswordField
            id="settings-repeat-password"
            label={ta('account.form.repeat-password')}
            error={errors.confirmation}
            autoComplete="new-password"
            value={confirmation}
            visible={visible}
            onChange={setConfirmation}
          />
          <Checkbox checked={visible} label={ta('account.form.show-passwords')} onChange={() => setVisible((v) => !v)} />
          {failure && (
            <Callout intent="danger" role="alert" className="stramien-account__error">
              {translateMessage(ta, failure)}
            </Callout>
          )}
          <Button type="submit" intent="primary" loading={change.isPending} text={t('settings.password.save')} />
        </form>
      </SectionCard>
    </Section>
  );
};
