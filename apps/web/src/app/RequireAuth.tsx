import { Spinner } from '@blueprintjs/core';
import { ApiError } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { needsLicenceChoice, resolveLicence } from '../features/identity/session/licence';
import { currentUserQuery, fetchCurrentUser } from '../features/identity/session/queries';
import { clearToken } from '../features/identity/session/tokenStorage';
import { SessionContext, useAccessToken, useChosenLicenceId, type Session } from '../features/identity/session/useSession';
import { serverMessage } from '../shared/apiErrors';
import { i18n } from '../shared/i18n';
import { withRedirect } from '../shared/redirect';
import { showToast } from '../shared/toaster';
import { AppShell } from './AppShell';

/**
 * The authenticated shell's gate: no token -> Login with a redirect; then the user is fetched (a failure
 * removes the token and says why); more than one licence and none chosen -> the licence picker.
 */
export const RequireAuth = () => {
  const token = useAccessToken();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (!token) return <Navigate to={withRedirect('/login', here)} replace />;
  return <SessionGate token={token} here={here} />;
};

/** A failed user fetch removes the token and says why (spec §4, §8); the gate then goes to Login. */
const fetchUserOrSignOut = async (signal: AbortSignal) => {
  try {
    return await fetchCurrentUser(signal);
  } catch (error) {
    // maintenance (503) is no fault of the session: the error routing shows the maintenance page, the token stays
    if (signal.aborted || (error instanceof ApiError && error.status === 503)) throw error;
    clearToken();
    showToast({ intent: 'danger', message: serverMessage(error) ?? i18n.t('identity.session.expired', { ns: 'identity' }) });
    throw error;
  }
};

const SessionGate = ({ token, here }: { token: string; here: string }) => {
  const { t } = useTranslation('identity');
  const { data: user, error } = useQuery({ ...currentUserQuery(), queryFn: ({ signal }) => fetchUserOrSignOut(signal) });
  const chosenLicenceId = useChosenLicenceId();

  const session = useMemo<Session | null>(
    () => (user ? { token, user, licence: resolveLicence(user, chosenLicenceId) } : null),
    [token, user, chosenLicenceId],
  );

  // a 503 is on its way to the maintenance page (global error routing); anything else ends the session here
  if (error && !(error instanceof ApiError && error.status === 503)) return <Navigate to={withRedirect('/login', here)} replace />;
  if (!user || !session) {
    return (
      <div className="stramien-page stramien-page--centered" aria-busy="true">
        <Spinner aria-label={t('common.status.loading', { ns: 'common' })} />
      </div>
    );
  }
  if (needsLicenceChoice(user, chosenLicenceId)) return <Navigate to={withRedirect('/licenses', here)} replace />;
  return (
    <SessionContext.Provider value={session}>
      <AppShell />
    </SessionContext.Provider>
  );
};
