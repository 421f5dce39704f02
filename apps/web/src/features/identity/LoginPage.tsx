import { Button, Callout, Card, H2, InputGroup } from '@blueprintjs/core';
import { TWO_FACTOR_CODE_INPUT_MAX } from '@stramien/domain';
import { EyeOffIcon, EyeOpenIcon, LockIcon } from '@blueprintjs/icons';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect, withRedirect } from '../../shared/redirect';
import { loginMachine, normaliseCode } from './machines/loginMachine';
import { readLicenceId } from './session/tokenStorage';
import { useAccessToken } from './session/useSession';
import { FormField } from '../../shared/forms/FormField';

export interface LoginPageProps {
  /** the sign-in flow; tests pass `loginMachine.provide(...)` */
  machine?: typeof loginMachine;
}

/** /login — email and password, then the authenticator code when the account has two-factor authentication; afterwards the licence picker or the redirect target. */
export const LoginPage = ({ machine = loginMachine }: LoginPageProps) => {
  const token = useAccessToken();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  // already signed in (e.g. back button): go on, unless this page is where the sign-in itself is happening
  const [signedInOnArrival] = useState(() => token !== null);
  if (signedInOnArrival) return <Navigate to={redirect ?? '/dashboard'} replace />;
  return <LoginForm machine={machine} redirect={redirect} />;
};

const LoginForm = ({ machine, redirect }: { machine: typeof loginMachine; redirect: string | null }) => {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(machine, { input: { chosenLicenceId: readLicenceId() } });
  const [showPassword, setShowPassword] = useState(false);
  const busy = snapshot.matches('authenticating') || snapshot.matches('loadingUser') || snapshot.matches('routing');
  const { email, password, code, needsCode, locked, error } = snapshot.context;

  useEffect(() => {
    if (snapshot.matches('signedIn')) void navigate(redirect ?? '/dashboard', { replace: true });
    else if (snapshot.matches('choosingLicence')) void navigate(withRedirect('/licenses', redirect), { replace: true });
  }, [snapshot, navigate, redirect]);

  const errorCallout = error && (
    <Callout
      intent={locked ? 'warning' : 'danger'}
      icon={locked ? <LockIcon /> : undefined}
      className="stramien-login__error"
      role="alert"
      data-testid="login-error"
    >
      {error}
    </Callout>
  );

  if (needsCode) {
    return (
      <div className="stramien-page stramien-page--centered stramien-login">
        <Card className="stramien-login__card" elevation={2}>
          <H2>{t('identity.login.code-title')}</H2>
          <p>{t('identity.login.code-intro')}</p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <FormField label={t('identity.login.code')} id="login-code">
              <InputGroup
                id="login-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                size="large"
                maxLength={TWO_FACTOR_CODE_INPUT_MAX}
                value={code}
                disabled={busy}
                onValueChange={(value) => send({ type: 'CHANGE', field: 'code', value })}
              />
            </FormField>
            {errorCallout}
            <Button
              type="submit"
              intent="primary"
              size="large"
              fill
              loading={busy}
              disabled={normaliseCode(code) === null}
              text={t('identity.login.verify')}
            />
            <Button
              style={{ marginTop: 8 }}
              variant="minimal"
              fill
              disabled={busy}
              text={t('identity.login.back')}
              onClick={() => send({ type: 'BACK' })}
            />
          </form>
        </Card>
      </div>
    );
  }

  return (
    <div className="stramien-page stramien-page--centered stramien-login">
      <Card className="stramien-login__card" elevation={2}>
        <H2>{t('identity.login.title')}</H2>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <FormField label={t('identity.login.email')} id="login-email">
            <InputGroup
              id="login-email"
              name="email"
              type="email"
              autoComplete="username"
              autoFocus
              size="large"
              value={email}
              disabled={busy}
              onValueChange={(value) => send({ type: 'CHANGE', field: 'email', value })}
            />
          </FormField>
          <FormField label={t('identity.login.password')} id="login-password">
            <InputGroup
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              size="large"
              value={password}
              disabled={busy}
              onValueChange={(value) => send({ type: 'CHANGE', field: 'password', value })}
              rightElement={
                <Button
                  variant="minimal"
                  icon={showPassword ? <EyeOffIcon /> : <EyeOpenIcon />}
                  aria-label={showPassword ? t('identity.login.hide-password') : t('identity.login.show-password')}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((shown) => !shown)}
                />
              }
            />
          </FormField>
          {errorCallout}
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={busy}
            disabled={email.trim() === '' || password === ''}
            text={t('identity.login.sign-in')}
          />
        </form>
        {/* accounts: the forgotten-password screen (features/account) */}
        <p className="stramien-login__forgot" style={{ margin: '15px 0 0', textAlign: 'center' }}>
          <Link to="/forgot" data-testid="forgot-password-link">
            {t('account.login.forgot', { ns: 'account' })}
          </Link>
        </p>
      </Card>
    </div>
  );
};
