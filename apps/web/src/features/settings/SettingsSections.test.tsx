import { ApiError, type User } from '@stramien/api';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n';
import { userOf } from '../../test/fixtures';
import { renderAt } from '../../test/renderWithRouter';
import { readToken, storeToken } from '../identity/session/tokenStorage';
import { settingsCalls, type SettingsCalls } from './calls';
import { PasswordSection } from './components/PasswordSection';
import { ProfileSection } from './components/ProfileSection';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const user = (over: Partial<User> = {}): User => userOf({ password_expires_at: '2027-01-01T00:00:00.000Z', ...over });
const password = (calls: SettingsCalls, over: Partial<User> = {}, mustReset = false) =>
  renderAt(<PasswordSection user={user(over)} calls={calls} now={() => NOW} mustReset={mustReset} />, { path: '/settings' });
const fill = (current: string, next: string, repeat: string) => {
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/^Repeat password/), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('Settings › password', () => {
  it('warns when the password expires in N days', () => {
    password(settingsCalls, { password_expires_at: '2026-03-04T13:00:00.000Z' });
    expect(screen.getByTestId('password-expiry-warning').textContent).toBe('Your password expires in 3 days. Choose a new one below.');
  });

  it('does not warn with more than 14 days left, and says so once expired or when sent here to reset', () => {
    password(settingsCalls);
    expect(screen.queryByTestId('password-expiry-warning')).toBeNull();
    expect(screen.queryByTestId('password-expired')).toBeNull();
  });

  it('asks for a new password when it has expired or the router sent the user here (status=reset)', () => {
    password(settingsCalls, { password_expires_at: '2026-02-01T00:00:00.000Z' });
    expect(screen.getByTestId('password-expired').textContent).toBe('Your password has expired. Choose a new password.');
  });

  it('marks the fields required with the tooltip text and checks the policy, the difference and the repetition', () => {
    password(settingsCalls);
    expect(screen.getAllByTitle('Required field')).toHaveLength(3);
    fill('Same#Pass1', 'Same#Pass1', 'Other#Pass1');
    expect(screen.getByText('The new password must differ from the current one.')).toBeTruthy();
    expect(screen.getByText('Password must match')).toBeTruthy();
    fill('Same#Pass1', 'weak', 'weak');
    expect(
      screen.getByText('Min. 8 characters with at least one capital letter, a number and a special character and no white spaces.'),
    ).toBeTruthy();
  });

  it('changes it, keeps the fresh token and says "Successfully updated {name}\'s password"', async () => {
    storeToken('jwt-old', 3600);
    let sent: unknown = null;
    password({
      ...settingsCalls,
      updatePassword: async (body) => {
        sent = body;
        return { message: 'x', token_type: 'Bearer', access_token: 'jwt-new', expires_in: 3600, position: 9 };
      },
    });
    fill('Old#Pass123', 'New#Pass123', 'New#Pass123');
    expect(await screen.findByText("Successfully updated Anna de Vries's password")).toBeTruthy();
    expect(sent).toEqual({
      email: 'anna@example.com',
      currentpassword: 'Old#Pass123',
      newpassword: 'New#Pass123',
      newpassword_confirmation: 'New#Pass123',
    });
    expect(readToken()).toBe('jwt-new');
    expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');
  });

  it("says 'Failed to change password' and shows the server's field message", async () => {
    password({
      ...settingsCalls,
      updatePassword: async () => {
        throw new ApiError(422, 'The current password is incorrect.', { currentpassword: ['The current password is incorrect.'] });
      },
    });
    fill('Wrong#Pass1', 'New#Pass123', 'New#Pass123');
    expect(await screen.findByText('Failed to change password')).toBeTruthy();
    expect(screen.getByText('The current password is incorrect.')).toBeTruthy();
  });

  it('speaks Dutch', async () => {
    await act(() => changeLanguage('nl'));
    password(settingsCalls, { password_expires_at: '2026-03-04T13:00:00.000Z' });
    expect(screen.getByTestId('password-expiry-warning').textContent).toBe(
      'Je wachtwoord verloopt over 3 dagen. Kies hieronder een nieuw wachtwoord.',
    );
    expect(screen.getByRole('button', { name: 'Wachtwoord wijzigen' })).toBeTruthy();
  });
});

describe('Settings › profile', () => {
  it("saves name and language and says 'Updated user {name}'", async () => {
    let sent: unknown = null;
    renderAt(
      <ProfileSection
        user={user()}
        calls={{
          ...settingsCalls,
          updateProfile: async (_id, body) => {
            sent = body;
            return { data: user({ firstname: 'Annie', name: 'Annie de Vries' }), position: 4 };
          },
        }}
      />,
      { path: '/settings' },
    );
    const save = screen.getByRole('button', { name: 'Save profile' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Annie' } });
    fireEvent.click(save);
    expect(await screen.findByText('Updated user Annie de Vries')).toBeTruthy();
    expect(sent).toEqual({ firstname: 'Annie', lastname: 'de Vries', language: 'en' });
  });

  it("says 'Failed to Updated user' when the server refuses", async () => {
    renderAt(
      <ProfileSection
        user={user()}
        calls={{
          ...settingsCalls,
          updateProfile: async () => {
            throw new ApiError(403, 'This action is unauthorized.');
          },
        }}
      />,
      { path: '/settings' },
    );
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Vries' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Failed to Updated user')).toBeTruthy();
  });
});
