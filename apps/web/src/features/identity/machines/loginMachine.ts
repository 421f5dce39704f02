import { ApiError, type User } from '@stramien/api';
import { TWO_FACTOR_INVALID_CODE, TWO_FACTOR_REQUIRED_CODE } from '@stramien/domain';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../../shared/api';
import { serverMessage } from '../../../shared/apiErrors';
import { SERVER_NAMESPACE, changeLanguage, i18n, isLanguage, loadNamespaces } from '../../../shared/i18n';
import { queryClient } from '../../../shared/queryClient';
import { needsLicenceChoice, resolveLicence } from '../session/licence';
import { currentUserQuery, isSessionRefused } from '../session/queries';
import { clearToken, getDeviceId, storeLicenceId, storeToken } from '../session/tokenStorage';

/** The password grant is for Stramien's own web client only. */
export const WEB_CLIENT_ID = 'stramien-web';
export const WEB_CLIENT_SECRET = 'stramien-web';

export interface Credentials {
  email: string;
  password: string;
  /** the authenticator code, once the server asked for it */
  code?: string;
}

/** A code as typed (spaces allowed, as apps show '123 456'), normalised to its 6 digits, or null. */
export const normaliseCode = (typed: string): string | null => {
  const digits = typed.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * The message of a failed sign-in, in the user's language where the failure is one the flow knows; the limiter's lock
 * (429) says when to try again from its Retry-After header.
 */
export const loginErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 429) {
    const seconds = error.retryAfterSeconds;
    return seconds === undefined
      ? i18n.t('identity.login.locked-later', { ns: 'identity' })
      : i18n.t('identity.login.locked', { ns: 'identity', count: Math.max(1, Math.ceil(seconds / 60)) });
  }
  if (error instanceof ApiError && error.code === TWO_FACTOR_INVALID_CODE) return i18n.t('identity.login.code-invalid', { ns: 'identity' });
  return serverMessage(error) ?? i18n.t('identity.login.client-error', { ns: 'identity' });
};

const isTwoFactorRequired = (error: unknown): boolean => error instanceof ApiError && error.code === TWO_FACTOR_REQUIRED_CODE;
const isLocked = (error: unknown): boolean => error instanceof ApiError && error.status === 429;

export interface LoginContext {
  email: string;
  password: string;
  /** the authenticator code as typed */
  code: string;
  /** the server asked for a second factor: the flow shows the code step */
  needsCode: boolean;
  /** the last failure was the sign-in limiter's lock */
  locked: boolean;
  /** licence id this browser chose before, if any */
  chosenLicenceId: string | null;
  user: User | null;
  /** licence selected on success; null while a choice is pending or the user has none */
  licenceId: string | null;
  error: string | null;
}

export type LoginEvent = { type: 'CHANGE'; field: 'email' | 'password' | 'code'; value: string } | { type: 'SUBMIT' } | { type: 'BACK' };

export type LoginOutput = { next: 'chooseLicence'; user: User } | { next: 'redirect'; user: User; licenceId: string | null };

const selectedLicenceId = (context: LoginContext): string | null =>
  context.user ? (resolveLicence(context.user, context.chosenLicenceId)?.id ?? null) : null;

/**
 * Sign-in flow: credentials [-> authenticator code, when the server answers two-factor-required] -> token -> user ->
 * licence. Ends in `signedIn` (licence selected, go to the
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
      // the contract, and the server's texts for its answer (a failed sign-in shows its message in the user's language)
      const [{ identityRoutes }] = await Promise.all([
        import('../session/identityContracts'),
        loadNamespaces([SERVER_NAMESPACE]).catch(() => {}),
      ]);
      const token = await api.call(identityRoutes.token, {
        body: {
          grant_type: 'password',
          client_id: WEB_CLIENT_ID,
          client_secret: WEB_CLIENT_SECRET,
          username: input.email.trim(),
          password: input.password,
          device_id: getDeviceId(),
          ...(input.code ? { code: input.code } : {}),
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
    hasCode: ({ context }) => normaliseCode(context.code) !== null,
    twoFactorRequired: ({ event }) => isTwoFactorRequired((event as { error?: unknown }).error),
    askingCode: ({ context }) => context.needsCode,
    sessionRefused: ({ event }) => isSessionRefused((event as { error?: unknown }).error),
    mustChooseLicence: ({ context }) => context.user !== null && needsLicenceChoice(context.user, context.chosenLicenceId),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    code: '',
    needsCode: false,
    locked: false,
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
    enteringCode: {
      on: {
        CHANGE: { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        SUBMIT: { guard: 'hasCode', target: 'authenticating' },
        BACK: { target: 'editing', actions: assign({ needsCode: false, code: '', password: '', error: null, locked: false }) },
      },
    },
    authenticating: {
      entry: assign({ error: null, locked: false }),
      invoke: {
        src: 'requestToken',
        input: ({ context }) => ({
          email: context.email,
          password: context.password,
          ...(context.needsCode ? { code: normaliseCode(context.code) ?? '' } : {}),
        }),
        onDone: { target: 'loadingUser' },
        onError: [
          // password accepted, the account has two-factor authentication: ask for the code
          { guard: 'twoFactorRequired', target: 'enteringCode', actions: assign({ needsCode: true, code: '' }) },
          {
            guard: 'askingCode',
            target: 'enteringCode',
            actions: assign({
              code: '',
              error: ({ event }) => loginErrorMessage(event.error),
              locked: ({ event }) => isLocked(event.error),
            }),
          },
          {
            target: 'editing',
            actions: assign({
              error: ({ event }) => loginErrorMessage(event.error),
              locked: ({ event }) => isLocked(event.error),
            }),
          },
        ],
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
        onError: [
          // only a session the server refused is forgotten: a request cut off by a navigation proves nothing
          {
            guard: 'sessionRefused',
            target: 'editing',
            actions: [
              'forgetToken',
              assign({ error: ({ event }) => serverMessage(event.error) ?? i18n.t('identity.session.expired', { ns: 'identity' }) }),
            ],
          },
          {
            target: 'editing',
            actions: assign({
              error: ({ event }) => serverMessage(event.error) ?? i18n.t('identity.session.unreachable-title', { ns: 'identity' }),
            }),
          },
        ],
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
