import { ApiError } from '@stramien/api';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n';
import { renderAt } from '../../test/renderWithRouter';
import { readToken, storeToken } from '../identity/session/tokenStorage';
import { accountCalls, type AccountCalls } from './calls';
import { ResetPasswordPage } from './ResetPasswordPage';

const TOKEN = 'a'.repeat(43);
const withReset = (reset: AccountCalls['reset']): AccountCalls => ({ ...accountCalls, reset });
const render = (calls: AccountCalls, url = `/reset/${TOKEN}?email=anna%40example.com`) =>
  renderAt(<ResetPasswordPage calls={calls} />, { path: '/reset/:token', url });
const fill = (password: string, repeat: string) => {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Repeat password/), { target: { value: repeat } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

describe('ResetPasswordPage', () => {
  it('has the e-mail (from the link), new and repeated password, a show/hide toggle and the RESET PASSWORD button', () => {
    render(accountCalls);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('anna@example.com');
    expect(screen.getByLabelText(/^New password/).getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByLabelText('Show passwords'));
    expect(screen.getByLabelText(/^New password/).getAttribute('type')).toBe('text');
    expect(screen.getByLabelText(/^Repeat password/).getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Reset password' }).className).toContain('stramien-account__reset-button');
    expect(screen.getAllByTitle('Required field')).toHaveLength(3);
  });

  it("says 'Required' for empty fields and sends nothing", async () => {
    const sent: unknown[] = [];
    render(
      withReset(async (b) => (sent.push(b), { message: '', position: 1 })),
      `/reset/${TOKEN}`,
    );
    submit();
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(sent).toEqual([]);
  });

  it("shows the policy text and 'Password must match'", () => {
    render(accountCalls);
    fill('short', 'other');
    submit();
    expect(
      screen.getByText('Min. 8 characters with at least one capital letter, a number and a special character and no white spaces.'),
    ).toBeTruthy();
    expect(screen.getByText('Password must match')).toBeTruthy();
  });

  it("on success removes any token, says 'Your password has been reset' and goes to Login", async () => {
    storeToken('jwt-old', 3600);
    let sent: unknown = null;
    render(
      withReset(async (body) => {
        sent = body;
        return { message: 'Your password has been reset', position: 7 };
      }),
    );
    fill('New#Pass123', 'New#Pass123');
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(sent).toEqual({ email: 'anna@example.com', token: TOKEN, password: 'New#Pass123', password_confirmation: 'New#Pass123' });
    expect(readToken()).toBeNull();
    expect(await screen.findByText('Your password has been reset')).toBeTruthy();
  });

  it('offers a new link when the server refuses the token', async () => {
    render(
      withReset(async () => {
        throw new ApiError(422, 'This password reset link is invalid or has expired. Request a new one.', undefined, 'invalid-reset-token');
      }),
    );
    fill('New#Pass123', 'New#Pass123');
    submit();
    expect(await screen.findByText(/^This password reset link is invalid or has expired\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot');
  });

  it('speaks Dutch and German', async () => {
    await act(() => changeLanguage('nl'));
    render(accountCalls);
    expect(screen.getByRole('button', { name: 'Wachtwoord resetten' })).toBeTruthy();
    await act(() => changeLanguage('de'));
    expect(screen.getByLabelText(/^Passwort wiederholen/)).toBeTruthy();
  });
});
