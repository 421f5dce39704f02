import { ApiError, type AdminUser, type User } from '@stramien/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/renderWithRouter';
import { SessionContext, type Session } from '../../identity/session/useSession';
import { AdminUsersPage } from './AdminUsersPage';
import { adminUsersCalls, type AdminUsersCalls } from './calls';

const LICENCE = '11111111-1111-4111-8111-111111111111';
const admin: User = {
  id: 'me',
  name: 'Ada Admin',
  firstname: 'Ada',
  lastname: 'Admin',
  email: 'ada@example.com',
  language: 'en',
  photo: null,
  is_systemadmin: false,
  two_factor_enabled: false,
  roles: [],
  licenses: [{ id: LICENCE, name: 'Bouw BV', is_admin: true, theme: { primary: null } }],
};
const session: Session = { token: 't', user: admin, licence: admin.licenses[0]! };
const row = (over: Partial<AdminUser>): AdminUser => ({
  id: 'u',
  name: 'Someone',
  firstname: 'Some',
  lastname: 'One',
  email: 'someone@example.com',
  language: 'en',
  is_systemadmin: false,
  is_admin: false,
  disabled: false,
  status: 'active',
  licenses: [{ id: LICENCE, is_admin: false }],
  created_at: '2026-01-01T00:00:00.000Z',
  last_sign_in_at: null,
  ...over,
});
const rows = [
  row({ id: 'me', name: 'Ada Admin', email: 'ada@example.com', is_admin: true }),
  row({ id: 'u1', name: 'Bob Builder', email: 'bob@example.com' }),
  row({ id: 'u2', name: '', email: 'new@example.com', status: 'invited' }),
];
const render = (calls: AdminUsersCalls) =>
  renderAt(
    <SessionContext.Provider value={session}>
      <AdminUsersPage calls={calls} />
    </SessionContext.Provider>,
    { path: '/admin/users' },
  );

describe('AdminUsersPage', () => {
  it('lists the users of the licence with their status and finds them by name or e-mail', async () => {
    const asked: string[] = [];
    render({ ...adminUsersCalls, list: async (id) => (asked.push(id), { data: rows }) });
    const table = await screen.findByTestId('users-table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(screen.getByTestId('user-row-new@example.com')).getByText('Invited')).toBeTruthy();
    expect(asked).toEqual([LICENCE]);
    fireEvent.change(screen.getByLabelText('Search by name or e-mail'), { target: { value: 'BOB' } });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Search by name or e-mail'), { target: { value: 'nobody' } });
    expect(screen.getByText('No users found')).toBeTruthy();
  });

  it("makes a user licence admin and says 'Updated user {name}'", async () => {
    const calls: Array<[string, string, boolean]> = [];
    render({
      ...adminUsersCalls,
      list: async () => ({ data: rows }),
      setAdmin: async (licenceId, userId, isAdmin) => {
        calls.push([licenceId, userId, isAdmin]);
        return { data: row({ id: userId, name: 'Bob Builder', is_admin: isAdmin }), position: 5 };
      },
    });
    const bob = await screen.findByTestId('user-row-bob@example.com');
    fireEvent.click(within(bob).getByRole('checkbox'));
    expect(await screen.findByText('Updated user Bob Builder')).toBeTruthy();
    expect(calls).toEqual([[LICENCE, 'u1', true]]);
    // one's own admin flag and account are not offered
    const me = screen.getByTestId('user-row-ada@example.com');
    expect((within(me).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(within(me).queryByTestId('user-disable-toggle')).toBeNull();
  });

  it("says 'Failed to Updated user' with the server's reason when disabling fails", async () => {
    render({
      ...adminUsersCalls,
      list: async () => ({ data: rows }),
      setDisabled: async () => {
        throw new ApiError(403, 'This user also works in licences you do not administer; ask a system admin.');
      },
    });
    const bob = await screen.findByTestId('user-row-bob@example.com');
    fireEvent.click(within(bob).getByRole('button', { name: 'Disable' }));
    expect(
      await screen.findByText('Failed to Updated user: This user also works in licences you do not administer; ask a system admin.'),
    ).toBeTruthy();
  });

  it('creates a user with required names and closes the dialog', async () => {
    let created: unknown = null;
    render({
      ...adminUsersCalls,
      list: async () => ({ data: rows }),
      create: async (body) => {
        created = body;
        return { data: row({ id: 'u3', name: 'Cas Created', email: body.email, status: 'invited' }), position: 6 };
      },
    });
    await screen.findByTestId('users-table');
    fireEvent.click(screen.getByTestId('users-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'cas@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Cas' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Created' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Updated user Cas Created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created).toEqual({
      email: 'cas@example.com',
      firstname: 'Cas',
      lastname: 'Created',
      language: 'en',
      license: LICENCE,
      is_admin: false,
    });
  });
});
