import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { OfflineIcon } from '@blueprintjs/icons';
import { ApiError } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { needsLicenceChoice, resolveLicence } from '../features/identity/session/licence';
import { currentUserQuery, fetchCurrentUser, isSessionRefused } from '../features/identity/session/queries';
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

/**
 * A user fetch the server refuses (401/403) removes the token and says why (spec §4, §8); the gate then goes to Login.
 * Any other failure (no answer, 5xx, maintenance's 503) is no fault of the session: the token stays.
 */
const fetchUserOrSignOut = async (signal: AbortSignal) => {
  try {
    return await fetchCurrentUser(signal);
  } catch (error) {
    if (signal.aborted || !isSessionRefused(error)) throw error;
    clearToken();
    showToast({ intent: 'danger', message: serverMessage(error) ?? i18n.t('identity.session.expired', { ns: 'identity' }) });
    throw error;
  }
};

const SessionGate = ({ token, here }: { token: string; here: string }) => {
  const { t } = useTranslation('identity');
  const {
    data: user,
    error,
    refetch,
    isFetching,
  } = useQuery({
    ...currentUserQuery(),
    queryFn: ({ signal }) => fetchUserOrSignOut(signal),
  });
  const chosenLicenceId = useChosenLicenceId();

  const session = useMemo<Session | null>(
    () => (user ? { token, user, licence: resolveLicence(user, chosenLicenceId) } : null),
    [token, user, chosenLicenceId],
  );

  // a refused session ends here; a 503 is on its way to the maintenance page (global error routing); anything else
  // (the server not reached) keeps the session and offers to try again
  if (error && isSessionRefused(error)) return <Navigate to={withRedirect('/login', here)} replace />;
  if (error && !(error instanceof ApiError && error.status === 503)) {
    return (
      <div className="stramien-page stramien-status-screen" data-testid="session-unreachable">
        <NonIdealState
          icon={<OfflineIcon size={48} />}
          title={t('identity.session.unreachable-title')}
          description={t('identity.session.unreachable-text')}
          action={
            <Button
              intent="primary"
              loading={isFetching}
              text={t('common.error.reload', { ns: 'common' })}
              onClick={() => void refetch()}
            />
          }
        />
      </div>
    );
  }
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
