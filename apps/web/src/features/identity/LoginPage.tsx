import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { EyeOffIcon, EyeOpenIcon } from '@blueprintjs/icons';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect, withRedirect } from '../../shared/redirect';
import { loginMachine } from './machines/loginMachine';
import { readLicenceId } from './session/tokenStorage';
import { useAccessToken } from './session/useSession';

export interface LoginPageProps {
  /** the sign-in flow; tests pass `loginMachine.provide(...)` */
  machine?: typeof loginMachine;
}

/** /login — email and password; afterwards the licence picker or the redirect target. */
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
  const { email, password, error } = snapshot.context;

  useEffect(() => {
    if (snapshot.matches('signedIn')) void navigate(redirect ?? '/dashboard', { replace: true });
    else if (snapshot.matches('choosingLicence')) void navigate(withRedirect('/licenses', redirect), { replace: true });
  }, [snapshot, navigate, redirect]);

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
          <FormGroup label={t('identity.login.email')} labelFor="login-email">
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
          </FormGroup>
          <FormGroup label={t('identity.login.password')} labelFor="login-password">
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
          </FormGroup>
          {error && (
            <Callout intent="danger" className="stramien-login__error" role="alert">
              {error}
            </Callout>
          )}
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
      </Card>
    </div>
  );
};
