import { ApiError, createApiClient, identityRoutes, type User } from '@stramien/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createActor, fromPromise, toPromise } from 'xstate';
import { i18n } from '../../../shared/i18n';
import { userOf } from '../../../test/fixtures';
import { loginMachine, type Credentials } from './loginMachine';

const licence = (id: string, name: string) => ({ id, name, is_admin: false, theme: { primary: null } });

const userWith = (licenses: User['licenses'], language: User['language'] = 'en'): User => userOf({ licenses, language });

interface Fakes {
  token?: (credentials: Credentials) => Promise<void>;
  user?: () => Promise<User>;
}

/** The machine with in-memory actors and a record of the side effects it asks for. */
const start = (fakes: Fakes, chosenLicenceId: string | null = null) => {
  const effects = {
    credentials: [] as Credentials[],
    selectedLicences: [] as (string | null)[],
    languages: [] as string[],
    forgotToken: 0,
  };
  const machine = loginMachine.provide({
    actors: {
      requestToken: fromPromise<void, Credentials>(async ({ input }) => {
        effects.credentials.push(input);
        await (fakes.token ?? (async () => {}))(input);
      }),
      fetchUser: fromPromise<User>(() => (fakes.user ?? (async () => userWith([licence('l-1', 'Bouwbedrijf')])))()),
    },
    actions: {
      selectLicence: (_, params) => void effects.selectedLicences.push(params.licenceId),
      applyLanguage: (_, params) => void effects.languages.push(params.language),
      forgetToken: () => void effects.forgotToken++,
    },
  });
  const actor = createActor(machine, { input: { chosenLicenceId } }).start();
  const submit = (email = 'anna@example.com', password = 'Secret#123') => {
    actor.send({ type: 'CHANGE', field: 'email', value: email });
    actor.send({ type: 'CHANGE', field: 'password', value: password });
    actor.send({ type: 'SUBMIT' });
  };
  /** resolves when the machine is back in editing (a failure) */
  const backToEditing = () =>
    new Promise<void>((resolve) => {
      const sub = actor.subscribe((s) => {
        if (s.matches('editing') && s.context.error) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
  return { actor, effects, submit, backToEditing };
};

describe('loginMachine', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  describe('when the credentials are accepted and the user has one licence', () => {
    it('selects that licence, applies the user language and ends signed in', async () => {
      const { actor, effects, submit } = start({ user: async () => userWith([licence('l-1', 'Bouwbedrijf')], 'nl') });
      submit();
      const output = await toPromise(actor);
      expect(actor.getSnapshot().value).toBe('signedIn');
      expect(output).toMatchObject({ next: 'redirect', licenceId: 'l-1' });
      expect(effects.credentials).toEqual([{ email: 'anna@example.com', password: 'Secret#123' }]);
      expect(effects.selectedLicences).toEqual(['l-1']);
      expect(effects.languages).toEqual(['nl']);
    });
  });

  describe('when the user has more than one licence and none chosen', () => {
    it('ends in the licence choice without selecting one', async () => {
      const { actor, effects, submit } = start({ user: async () => userWith([licence('l-1', 'A'), licence('l-2', 'B')]) });
      submit();
      const output = await toPromise(actor);
      expect(actor.getSnapshot().value).toBe('choosingLicence');
      expect(output.next).toBe('chooseLicence');
      expect(effects.selectedLicences).toEqual([]);
    });
  });

  describe('when the user has more than one licence and one was chosen before', () => {
    it('keeps the chosen licence and goes on directly', async () => {
      const { actor, effects, submit } = start({ user: async () => userWith([licence('l-1', 'A'), licence('l-2', 'B')]) }, 'l-2');
      submit();
      const output = await toPromise(actor);
      expect(actor.getSnapshot().value).toBe('signedIn');
      expect(output).toMatchObject({ next: 'redirect', licenceId: 'l-2' });
      expect(effects.selectedLicences).toEqual(['l-2']);
    });
  });

  describe('when the chosen licence is no longer one of the user', () => {
    it('asks for a choice again', async () => {
      const { actor, submit } = start({ user: async () => userWith([licence('l-1', 'A'), licence('l-2', 'B')]) }, 'l-gone');
      submit();
      await toPromise(actor);
      expect(actor.getSnapshot().value).toBe('choosingLicence');
    });
  });

  describe('when the token request fails', () => {
    it('shows the server message', async () => {
      const { actor, submit, backToEditing } = start({
        token: async () => {
          throw new ApiError(401, 'These credentials do not match our records.');
        },
      });
      const failed = backToEditing();
      submit();
      await failed;
      expect(actor.getSnapshot().context.error).toBe('These credentials do not match our records.');
    });

    it("falls back to 'Client error on login flow' when the server gives no message", async () => {
      const { actor, submit, backToEditing } = start({
        token: async () => {
          throw new TypeError('Failed to fetch');
        },
      });
      const failed = backToEditing();
      submit();
      await failed;
      expect(actor.getSnapshot().context.error).toBe('Client error on login flow');
    });

    it('falls back as well when the server message is empty', async () => {
      const { actor, submit, backToEditing } = start({
        token: async () => {
          throw new ApiError(500, '');
        },
      });
      const failed = backToEditing();
      submit();
      await failed;
      expect(actor.getSnapshot().context.error).toBe('Client error on login flow');
    });

    it('lets the user try again and clears the old error', async () => {
      let attempts = 0;
      const { actor, submit, backToEditing } = start({
        token: async () => {
          attempts += 1;
          if (attempts === 1) throw new ApiError(422, 'Wrong password');
        },
      });
      const failed = backToEditing();
      submit();
      await failed;
      submit('anna@example.com', 'Better#123');
      await toPromise(actor);
      expect(actor.getSnapshot().value).toBe('signedIn');
      expect(actor.getSnapshot().context.error).toBeNull();
    });
  });

  describe('when the user cannot be fetched after the token', () => {
    it("forgets the token the server refuses and shows the server message or 'Session expired. Relogin please.'", async () => {
      const { actor, effects, submit, backToEditing } = start({
        user: async () => {
          throw new ApiError(401, '');
        },
      });
      const failed = backToEditing();
      submit();
      await failed;
      expect(effects.forgotToken).toBe(1);
      expect(actor.getSnapshot().context.error).toBe('Session expired. Relogin please.');
    });

    it('keeps the token when the request got no answer (cut off by a navigation, network down)', async () => {
      const { actor, effects, submit, backToEditing } = start({
        user: async () => {
          throw new TypeError('Failed to fetch');
        },
      });
      const failed = backToEditing();
      submit();
      await failed;
      expect(effects.forgotToken).toBe(0);
      expect(actor.getSnapshot().context.error).toBe('The server cannot be reached');
    });
  });

  describe('when a field is empty', () => {
    it('does not submit', () => {
      const { actor, effects, submit } = start({});
      submit('anna@example.com', '');
      expect(actor.getSnapshot().value).toBe('editing');
      expect(effects.credentials).toEqual([]);
    });
  });

  describe('when the account has two-factor authentication', () => {
    const twoFactorServer = (codes: Record<string, 'ok' | ApiError>) => async (credentials: Credentials) => {
      if (!credentials.code) throw new ApiError(401, 'Two-factor authentication code required', undefined, 'two-factor-required');
      const answer =
        codes[credentials.code] ?? new ApiError(401, 'Invalid two-factor authentication code', undefined, 'two-factor-invalid');
      if (answer !== 'ok') throw answer;
    };
    const atCodeStep = (actor: ReturnType<typeof start>['actor']) =>
      new Promise<void>((resolve) => {
        const sub = actor.subscribe((s) => {
          if (s.matches('enteringCode')) {
            sub.unsubscribe();
            resolve();
          }
        });
      });

    it('asks for the code without an error, then resubmits the credentials with it', async () => {
      const { actor, effects, submit } = start({ token: twoFactorServer({ '123456': 'ok' }) });
      const asked = atCodeStep(actor);
      submit();
      await asked;
      expect(actor.getSnapshot().context).toMatchObject({ needsCode: true, error: null });
      actor.send({ type: 'CHANGE', field: 'code', value: '123 456' });
      actor.send({ type: 'SUBMIT' });
      await toPromise(actor);
      expect(actor.getSnapshot().value).toBe('signedIn');
      expect(effects.credentials).toEqual([
        { email: 'anna@example.com', password: 'Secret#123' },
        { email: 'anna@example.com', password: 'Secret#123', code: '123456' },
      ]);
    });

    it('stays at the code step with the message after a wrong code, and clears the code', async () => {
      const { actor, submit } = start({ token: twoFactorServer({ '123456': 'ok' }) });
      const asked = atCodeStep(actor);
      submit();
      await asked;
      actor.send({ type: 'CHANGE', field: 'code', value: '000000' });
      actor.send({ type: 'SUBMIT' });
      await waitFor(() => expect(actor.getSnapshot().context.error).toBe('Invalid two-factor authentication code'));
      expect(actor.getSnapshot().value).toBe('enteringCode');
      expect(actor.getSnapshot().context.code).toBe('');
    });

    it('does not submit a code that is not 6 digits', async () => {
      const { actor, effects, submit } = start({ token: twoFactorServer({}) });
      const asked = atCodeStep(actor);
      submit();
      await asked;
      actor.send({ type: 'CHANGE', field: 'code', value: '12345' });
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().value).toBe('enteringCode');
      expect(effects.credentials).toHaveLength(1);
    });

    it('goes back to the credentials, forgetting the password, on BACK', async () => {
      const { actor, submit } = start({ token: twoFactorServer({}) });
      const asked = atCodeStep(actor);
      submit();
      await asked;
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context).toMatchObject({ needsCode: false, password: '', email: 'anna@example.com' });
    });
  });

  describe('when the sign-in limiter has locked the account', () => {
    /** a 429 as the server sends it, read by the real API client: an English message, the wait in Retry-After */
    const lockedAnswer = (retryAfter: string | null) => async () => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) };
      const body = JSON.stringify({ message: 'Too many sign-in attempts. Try again in 15 minutes.', code: 'sign-in-locked' });
      const client = createApiClient({ fetch: async () => new Response(body, { status: 429, headers }) });
      await client.call(identityRoutes.signOut);
    };

    it.each([
      ['840', 'Te veel inlogpogingen. Probeer het over 14 minuten opnieuw.'],
      ['30', 'Te veel inlogpogingen. Probeer het over 1 minuut opnieuw.'],
      [null, 'Te veel inlogpogingen. Probeer het later opnieuw.'],
    ])('reads the wait from Retry-After %s and says it in the user’s language', async (retryAfter, message) => {
      await i18n.changeLanguage('nl');
      const { actor, submit, backToEditing } = start({ token: lockedAnswer(retryAfter) });
      const failed = backToEditing();
      submit();
      await failed;
      expect(actor.getSnapshot().context).toMatchObject({ locked: true, error: message });
    });
  });
});
