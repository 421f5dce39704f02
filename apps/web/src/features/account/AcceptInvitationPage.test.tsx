import { ApiError } from '@stramien/api';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/renderWithRouter';
import { AcceptInvitationPage } from './AcceptInvitationPage';
import { accountCalls, type AccountCalls } from './calls';

const TOKEN = 'b'.repeat(43);
const details = { email: 'ina@example.com', firstname: 'Ina', lastname: '', license_name: 'Bouw BV' };

describe('AcceptInvitationPage', () => {
  it('shows what the invitation is for, prefills the names, and goes to Login once the account is set up', async () => {
    let accepted: unknown = null;
    const calls: AccountCalls = {
      ...accountCalls,
      invitation: async () => details,
      accept: async (body) => {
        accepted = body;
        return { message: 'ok', email: details.email, position: 3 };
      },
    };
    renderAt(<AcceptInvitationPage calls={calls} />, { path: '/invite/:token', url: `/invite/${TOKEN}` });
    expect(await screen.findByText('You are invited to Bouw BV. Choose your name and a password for ina@example.com.')).toBeTruthy();
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ina');

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('Required')).toHaveLength(3); // last name, password, repetition
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Jansen' } });
    fireEvent.change(screen.getByLabelText(/^Password\s*\*$/), { target: { value: 'Invited#Pass1' } });
    fireEvent.change(screen.getByLabelText(/^Repeat password/), { target: { value: 'Invited#Pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(accepted).toEqual({
      token: TOKEN,
      password: 'Invited#Pass1',
      password_confirmation: 'Invited#Pass1',
      firstname: 'Ina',
      lastname: 'Jansen',
    });
  });

  it('explains an invalid or expired invitation', async () => {
    const calls: AccountCalls = {
      ...accountCalls,
      invitation: async () => {
        throw new ApiError(422, 'This invitation is invalid or has expired. Ask your administrator for a new one.');
      },
    };
    renderAt(<AcceptInvitationPage calls={calls} />, { path: '/invite/:token', url: `/invite/${TOKEN}` });
    expect(await screen.findByText('This invitation is invalid or has expired. Ask your administrator for a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });
});
