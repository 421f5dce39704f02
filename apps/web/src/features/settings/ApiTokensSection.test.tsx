import type { ApiToken } from '@stramien/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/renderWithRouter';
import { ApiTokensSection, type ApiTokenCalls } from './ApiTokensSection';

const plaintext = 'stramien_pat_2f0c6f0e-8a8b-4c39-9f3e-3b7d2d9c1a11_' + 'q'.repeat(39) + 'Zx9A';

/** A server in memory: the user's tokens and the calls made. */
const server = (initial: ApiToken[] = []) => {
  const state = { tokens: [...initial], calls: [] as string[] };
  const calls: ApiTokenCalls = {
    list: async () => state.tokens,
    create: async (name, scopes) => {
      state.calls.push(`create ${name} ${scopes.join(',')}`);
      const token = {
        id: '2f0c6f0e-8a8b-4c39-9f3e-3b7d2d9c1a11',
        name,
        scopes,
        created_at: '2026-01-01T10:00:00.000Z',
        hint: 'Zx9A',
        expires_at: '2026-04-01T10:00:00.000Z',
      };
      state.tokens = [token, ...state.tokens];
      return { ...token, token: plaintext };
    },
    revoke: async (id) => {
      state.calls.push(`revoke ${id}`);
      state.tokens = state.tokens.filter((t) => t.id !== id);
      return {};
    },
  };
  return { state, calls };
};
const render = (fake: ReturnType<typeof server>) => renderAt(<ApiTokensSection calls={fake.calls} />, { path: '/settings' });

describe('ApiTokensSection', () => {
  it('says so when there are no tokens', async () => {
    render(server());
    expect(await screen.findByText('You have no API tokens yet.')).toBeTruthy();
  });

  it('creates a read-only token and shows the plaintext once with the warning', async () => {
    const fake = server();
    render(fake);
    await screen.findByText('You have no API tokens yet.');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Power BI' } });
    fireEvent.click(screen.getByLabelText('Write'));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('api-token-plaintext')).textContent).toBe(plaintext);
    expect(screen.getByText('Copy it now: it will not be shown again.')).toBeTruthy();
    expect(fake.state.calls).toEqual(['create Power BI read']);
    const row = await screen.findByTestId('api-token-2f0c6f0e-8a8b-4c39-9f3e-3b7d2d9c1a11');
    expect(within(row).getByText('…Zx9A')).toBeTruthy();
    expect(row.textContent).not.toContain(plaintext);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('api-token-plaintext')).toBeNull();
  });

  it('asks for a name before creating', async () => {
    const fake = server();
    render(fake);
    await screen.findByText('You have no API tokens yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(fake.state.calls).toEqual([]);
  });

  it('revokes a token only after confirmation', async () => {
    const fake = server([
      {
        id: 't-1',
        name: 'Old script',
        scopes: ['read', 'write'],
        created_at: '2026-01-01T10:00:00.000Z',
        hint: 'abcd',
        expires_at: '2026-04-01T10:00:00.000Z',
      },
    ]);
    render(fake);
    const row = await screen.findByTestId('api-token-t-1');
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByText(/Revoke token "Old script"\?/);
    expect(fake.state.calls).toEqual([]);
    fireEvent.click(within(dialog.closest('.bp6-alert') as HTMLElement).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(fake.state.calls).toEqual(['revoke t-1']));
    expect(await screen.findByText('You have no API tokens yet.')).toBeTruthy();
  });
});
