import type { User } from '@stramien/api';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UserLicence } from './licence';
import { readLicenceId, readToken, subscribeSession } from './tokenStorage';

/** The valid access token, re-rendering when it is stored, cleared or changed in another tab. */
export const useAccessToken = (): string | null =>
  useSyncExternalStore(
    subscribeSession,
    () => readToken(),
    () => null,
  );

/** The chosen licence id, re-rendering when it changes. */
export const useChosenLicenceId = (): string | null => useSyncExternalStore(subscribeSession, readLicenceId, () => null);

export interface Session {
  token: string;
  user: User;
  licence: UserLicence | null;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only inside the authenticated shell. */
export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside the authenticated shell');
  return session;
};
