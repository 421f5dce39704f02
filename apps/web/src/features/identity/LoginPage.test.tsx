import { ApiError, type User } from '@stramien/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { changeLanguage } from '../../shared/i18n';
import { licenceOf, userOf } from '../../test/fixtures';
import { renderAt } from '../../test/renderWithRouter';
import { LoginPage } from './LoginPage';
import { loginMachine, type Credentials } from './machines/loginMachine';

const user = (licenceCount: number): User =>
  userOf({ licenses: Array.from({ length: licenceCount }, (_, i) => licenceOf(`l-${i + 1}`, `Licence ${i + 1}`)) });

const machineWith = (requestToken: (c: Credentials) => Promise<void>, licenceCount = 1) =>
  loginMachine.provide({
    actors: {
      requestToken: fromPromise<void, Credentials>(({ input }) => requestToken(input)),
      fetchUser: fromPromise<User>(async () => user(licenceCount)),
    },
    actions: { selectLicence: () => {}, applyLanguage: () => {} },
  });

const fillAndSubmit = () => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('LoginPage', () => {
  it('labels its inputs and names the sign-in button', () => {
    renderAt(<LoginPage machine={machineWith(async () => {})} />, { path: '/login' });
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('names the button in the chosen language', async () => {
    await act(() => changeLanguage('nl'));
    renderAt(<LoginPage machine={machineWith(async () => {})} />, { path: '/login' });
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeTruthy();
    expect(screen.getByLabelText('Wachtwoord')).toBeTruthy();
    await act(() => changeLanguage('de'));
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
  });

  describe('when the sign-in succeeds', () => {
    it('goes to the redirect target', async () => {
      let sent: Credentials | null = null;
      renderAt(
        <LoginPage
          machine={machineWith(async (c) => {
            sent = c;
          })}
        />,
        { path: '/login', url: '/login?redirect=%2Fbuild' },
      );
      fillAndSubmit();
      expect((await screen.findByTestId('location')).textContent).toBe('/build');
      expect(sent).toEqual({ email: 'anna@example.com', password: 'Secret#123' });
    });

    it('goes to /dashboard without a redirect', async () => {
      renderAt(<LoginPage machine={machineWith(async () => {})} />, { path: '/login' });
      fillAndSubmit();
      expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    });

    it('ignores a redirect to another site', async () => {
      renderAt(<LoginPage machine={machineWith(async () => {})} />, { path: '/login', url: '/login?redirect=%2F%2Fevil.example' });
      fillAndSubmit();
      expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    });

    it('goes to the licence picker, keeping the redirect, when there is a licence to choose', async () => {
      renderAt(<LoginPage machine={machineWith(async () => {}, 2)} />, { path: '/login', url: '/login?redirect=%2Fbuild' });
      fillAndSubmit();
      expect((await screen.findByTestId('location')).textContent).toBe('/licenses?redirect=%2Fbuild');
    });
  });

  describe('when the sign-in fails', () => {
    it('shows the server message and stays', async () => {
      renderAt(
        <LoginPage
          machine={machineWith(async () => {
            throw new ApiError(401, 'These credentials do not match our records.');
          })}
        />,
        { path: '/login' },
      );
      fillAndSubmit();
      expect((await screen.findByRole('alert')).textContent).toBe('These credentials do not match our records.');
      expect(screen.queryByTestId('location')).toBeNull();
    });

    it("shows 'Client error on login flow' without a server message", async () => {
      renderAt(
        <LoginPage
          machine={machineWith(async () => {
            throw new TypeError('Failed to fetch');
          })}
        />,
        { path: '/login' },
      );
      fillAndSubmit();
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Client error on login flow'));
    });
  });

  describe('when the account has two-factor authentication', () => {
    it('shows the code step after the password, and signs in with the code', async () => {
      const sent: Credentials[] = [];
      renderAt(
        <LoginPage
          machine={machineWith(async (c) => {
            sent.push(c);
            if (!c.code) throw new ApiError(401, 'Two-factor authentication code required', undefined, 'two-factor-required');
          })}
        />,
        { path: '/login' },
      );
      fillAndSubmit();
      const input = await screen.findByLabelText('Authentication code');
      expect(input.getAttribute('autocomplete')).toBe('one-time-code');
      expect(screen.queryByRole('alert')).toBeNull();
      const verify = screen.getByRole('button', { name: 'Verify' });
      expect(verify.hasAttribute('disabled')).toBe(true);
      fireEvent.change(input, { target: { value: '654321' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
      expect(sent.at(-1)).toEqual({ email: 'anna@example.com', password: 'Secret#123', code: '654321' });
    });

    it('shows a wrong code’s message at the code step', async () => {
      renderAt(
        <LoginPage
          machine={machineWith(async (c) => {
            if (!c.code) throw new ApiError(401, 'Two-factor authentication code required', undefined, 'two-factor-required');
            throw new ApiError(401, 'Invalid two-factor authentication code', undefined, 'two-factor-invalid');
          })}
        />,
        { path: '/login' },
      );
      fillAndSubmit();
      fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '111111' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Invalid two-factor authentication code');
      expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    });
  });

  describe('when the sign-in limiter locks the account', () => {
    it('shows its message clearly', async () => {
      renderAt(
        <LoginPage
          machine={machineWith(async () => {
            throw Object.assign(new ApiError(429, 'Too many sign-in attempts.', undefined, 'sign-in-locked'), { retryAfterSeconds: 900 });
          })}
        />,
        { path: '/login' },
      );
      fillAndSubmit();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Too many sign-in attempts. Try again in 15 minutes.');
      expect(alert.className).toContain('warning');
    });
  });
});
