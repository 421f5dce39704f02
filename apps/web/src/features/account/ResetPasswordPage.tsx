import { Button, Callout, Card, Checkbox, H2, InputGroup } from '@blueprintjs/core';
import { ApiError } from '@stramien/api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../../shared/apiErrors';
import { queryClient } from '../../shared/queryClient';
import { showToast } from '../../shared/toaster';
import { clearToken } from '../identity/session/tokenStorage';
import { accountCalls, type AccountCalls } from './calls';
import { PasswordField } from '../../shared/forms/PasswordField';
import { FormField } from '../../shared/forms/FormField';
import { newPasswordErrors, serverFieldError, translateMessage } from './passwordForm';
import './account.css';

/**
 * /reset/{token} — e-mail, new password, repeat password, a show/hide toggle and a RESET PASSWORD button (spec §2).
 * Success says 'Your password has been reset', removes any token and goes to Login (spec §4): a reset never signs in.
 */
export const ResetPasswordPage = ({ calls = accountCalls }: { calls?: AccountCalls }) => {
  const { t } = useTranslation('account');
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const reset = useMutation({
    mutationFn: () => calls.reset({ email: email.trim(), token, password, password_confirmation: confirmation }),
    onSuccess: () => {
      clearToken();
      queryClient.clear();
      showToast({ intent: 'success', message: t('account.reset.done') });
      void navigate('/login', { replace: true });
    },
  });

  const local = newPasswordErrors(t, { password, confirmation });
  const emailError = email.trim() === '' ? t('account.validation.required') : undefined;
  const serverErrors = reset.error instanceof ApiError ? reset.error.errors : undefined;
  const show = (message: string | undefined) => (submitted ? message : undefined);
  const errors = {
    email: show(emailError) ?? serverFieldError(t, serverErrors, 'email'),
    password: show(local.password) ?? serverFieldError(t, serverErrors, 'password'),
    confirmation: show(local.confirmation) ?? serverFieldError(t, serverErrors, 'password_confirmation'),
  };
  const failure = reset.isError && !serverErrors ? (serverMessage(reset.error) ?? t('account.form.failed')) : null;
  const tokenRefused = reset.error instanceof ApiError && reset.error.code === 'invalid-reset-token';

  return (
    <div className="stramien-page stramien-page--centered">
      <Card className="stramien-account__card" elevation={2}>
        <H2>{t('account.reset.title')}</H2>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (!emailError && !local.password && !local.confirmation) reset.mutate();
          }}
        >
          <FormField required id="reset-email" label={t('account.form.email')} error={errors.email}>
            <InputGroup
              id="reset-email"
              name="email"
              type="email"
              autoComplete="username"
              value={email}
              intent={errors.email ? 'danger' : 'none'}
              onValueChange={setEmail}
            />
          </FormField>
          <PasswordField
            id="reset-password"
            label={t('account.form.new-password')}
            error={errors.password}
            autoComplete="new-password"
            autoFocus={email !== ''}
            value={password}
            visible={visible}
            onChange={setPassword}
            withRules
          />
          <PasswordField
            id="reset-password-confirmation"
            label={t('account.form.repeat-password')}
            error={errors.confirmation}
            autoComplete="new-password"
            value={confirmation}
            visible={visible}
            onChange={setConfirmation}
          />
          <Checkbox checked={visible} label={t('account.form.show-passwords')} onChange={() => setVisible((v) => !v)} />
          {failure && (
            <Callout intent="danger" role="alert" className="stramien-account__error">
              {translateMessage(t, failure)}
              {tokenRefused && (
                <>
                  {' '}
                  <Link to="/forgot">{t('account.reset.request-new')}</Link>
                </>
              )}
            </Callout>
          )}
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            className="stramien-account__reset-button"
            loading={reset.isPending}
            text={t('account.reset.submit')}
          />
        </form>
        <p className="stramien-account__back">
          <Link to="/login">{t('account.form.back-to-login')}</Link>
        </p>
      </Card>
    </div>
  );
};
