import { identityRoutes, type User } from '@stramien/api';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../../shared/api';
import { serverMessage } from '../../../shared/apiErrors';
import { changeLanguage, i18n, isLanguage } from '../../../shared/i18n';
import { queryClient } from '../../../shared/queryClient';
import { needsLicenceChoice, resolveLicence } from '../session/licence';
import { currentUserQuery } from '../session/queries';
import { clearToken, getDeviceId, storeLicenceId, storeToken } from '../session/tokenStorage';

/** The password grant is for Stramien's own web client only. */
export const WEB_CLIENT_ID = 'stramien-web';
export const WEB_CLIENT_SECRET = 'stramien-web';

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginContext extends Credentials {
  /** licence id this browser chose before, if any */
  chosenLicenceId: string | null;
  user: User | null;
  /** licence selected on success; null while a choice is pending or the user has none */
  licenceId: string | null;
  error: string | null;
}

export type LoginEvent = { type: 'CHANGE'; field: keyof Credentials; value: string } | { type: 'SUBMIT' };

export type LoginOutput = { next: 'chooseLicence'; user: User } | { next: 'redirect'; user: User; licenceId: string | null };

const selectedLicenceId = (context: LoginContext): string | null =>
  context.user ? (resolveLicence(context.user, context.chosenLicenceId)?.id ?? null) : null;

/**
 * Sign-in flow: credentials -> token -> user -> licence. Ends in `signedIn` (licence selected, go to the
 * redirect target) or `choosingLicence` (more than one licence and none chosen, go to /licenses).
 * The server is reached only through the `requestToken` and `fetchUser` actors, so tests swap them.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { chosenLicenceId?: string | null } | undefined,
    output: {} as LoginOutput,
  },
  actors: {
    /** POST /oauth/token; keeps the token and starts a fresh query cache for the new user */
    requestToken: fromPromise<void, Credentials>(async ({ input, signal }) => {
      const token = await api.call(identityRoutes.token, {
        body: {
          grant_type: 'password',
          client_id: WEB_CLIENT_ID,
          client_secret: WEB_CLIENT_SECRET,
          username: input.email.trim(),
          password: input.password,
          device_id: getDeviceId(),
        },
        signal,
      });
      queryClient.clear();
      storeToken(token.access_token, token.expires_in);
    }),
    /** GET /api/user, filling the query cache the shell reads */
    fetchUser: fromPromise<User>(() => queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 })),
  },
  actions: {
    selectLicence: (_, params: { licenceId: string | null }) => storeLicenceId(params.licenceId),
    applyLanguage: (_, params: { language: string }) => {
      if (isLanguage(params.language)) void changeLanguage(params.language);
    },
    forgetToken: () => clearToken(),
  },
  guards: {
    hasCredentials: ({ context }) => context.email.trim() !== '' && context.password !== '',
    mustChooseLicence: ({ context }) => context.user !== null && needsLicenceChoice(context.user, context.chosenLicenceId),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    chosenLicenceId: input?.chosenLicenceId ?? null,
    user: null,
    licenceId: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        SUBMIT: { guard: 'hasCredentials', target: 'authenticating' },
      },
    },
    authenticating: {
      entry: assign({ error: null }),
      invoke: {
        src: 'requestToken',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: { target: 'loadingUser' },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => serverMessage(event.error) ?? i18n.t('identity.login.client-error', { ns: 'identity' }),
          }),
        },
      },
    },
    loadingUser: {
      invoke: {
        src: 'fetchUser',
        onDone: {
          target: 'routing',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'applyLanguage', params: ({ event }) => ({ language: event.output.language }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            'forgetToken',
            assign({ error: ({ event }) => serverMessage(event.error) ?? i18n.t('identity.session.expired', { ns: 'identity' }) }),
          ],
        },
      },
    },
    routing: {
      always: [
        { guard: 'mustChooseLicence', target: 'choosingLicence' },
        {
          target: 'signedIn',
          actions: [
            assign({ licenceId: ({ context }) => selectedLicenceId(context) }),
            { type: 'selectLicence', params: ({ context }) => ({ licenceId: selectedLicenceId(context) }) },
          ],
        },
      ],
    },
    choosingLicence: { type: 'final' },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => {
    if (!context.user) throw new Error('login ended without a user');
    return needsLicenceChoice(context.user, context.chosenLicenceId)
      ? { next: 'chooseLicence', user: context.user }
      : { next: 'redirect', user: context.user, licenceId: context.licenceId };
  },
});
