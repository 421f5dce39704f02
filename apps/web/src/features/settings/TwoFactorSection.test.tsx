import { ApiError, type User } from '@stramien/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userOf } from '../../test/fixtures';
import { renderAt } from '../../test/renderWithRouter';
import { TwoFactorSection, type TwoFactorCalls } from './TwoFactorSection';

const user = (twoFactor: boolean): User => userOf({ two_factor_enabled: twoFactor });

const otpauth = 'otpauth://totp/Stramien:anna%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Stramien';

/** A server in memory: the user's 2FA flag and the codes it accepts. */
const server = (initially: boolean) => {
  const state = { enabled: initially, calls: [] as string[] };
  const calls: TwoFactorCalls = {
    user: async () => user(state.enabled),
    generate: async () => {
      state.calls.push('generate');
      return { otpauth_url: otpauth, qr_code: 'data:image/png;base64,iVBORw0KGgo=', secret: 'JBSWY3DPEHPK3PXP' };
    },
    enable: async (code) => {
      state.calls.push(`enable ${code}`);
      if (code === '222222')
        throw new ApiError(422, 'This code has been used already. Wait for the next code.', undefined, 'two-factor-code-used');
      if (code !== '123456') throw new ApiError(422, 'Invalid two-factor authentication code', undefined, 'two-factor-invalid');
      state.enabled = true;
      return {};
    },
    disable: async (code) => {
      state.calls.push(`disable ${code}`);
      state.enabled = false;
      return {};
    },
  };
  return { state, calls };
};

const render = (fake: ReturnType<typeof server>, url = '/settings') =>
  renderAt(<TwoFactorSection calls={fake.calls} />, { path: '/settings', url });

describe('TwoFactorSection', () => {
  it('sets it up: QR code, key and otpauth link, then a code enables it', async () => {
    const fake = server(false);
    render(fake);
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('Off');
    fireEvent.click(screen.getByTestId('two-factor-setup'));
    expect((await screen.findByTestId('two-factor-qr')).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('two-factor-otpauth-url').getAttribute('href')).toBe(otpauth);

    const input = screen.getByLabelText('Code from your app');
    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe('Invalid two-factor authentication code');

    fireEvent.change(screen.getByLabelText('Code from your app'), { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(screen.getByTestId('two-factor-error').textContent).toBe('This code has been used already. Wait for the next code.'),
    );

    fireEvent.change(screen.getByLabelText('Code from your app'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('On'));
    expect(fake.state.calls).toEqual(['generate', 'enable 000000', 'enable 222222', 'enable 123456']);
  });

  it('switches it off with a current code', async () => {
    const fake = server(true);
    render(fake);
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('On');
    const disable = screen.getByRole('button', { name: 'Disable two-factor authentication' });
    expect(disable.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Code from your app'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('Off'));
    expect(fake.state.calls).toEqual(['disable 654321']);
  });

  it('says why the user is here after a 403 asking for two-factor authentication', async () => {
    render(server(false), '/settings?status=2fa-required');
    expect((await screen.findByTestId('two-factor-required')).textContent).toBe(
      'Two-factor authentication is required for your account. Set it up below to continue.',
    );
  });

  it('shows no such callout once it is on', async () => {
    render(server(true), '/settings?status=2fa-required');
    await screen.findByTestId('two-factor-status');
    expect(screen.queryByTestId('two-factor-required')).toBeNull();
  });
});
