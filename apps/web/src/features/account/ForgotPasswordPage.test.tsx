import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/renderWithRouter';
import { accountCalls } from './calls';
import { ForgotPasswordPage } from './ForgotPasswordPage';

describe('ForgotPasswordPage', () => {
  it("says 'Required' without an e-mail address and sends nothing", () => {
    const sent: string[] = [];
    renderAt(<ForgotPasswordPage calls={{ ...accountCalls, forgot: async (e) => (sent.push(e), { message: 'ok' }) }} />, {
      path: '/forgot',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Required')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the address and says the same whatever the answer is about', async () => {
    const sent: string[] = [];
    renderAt(<ForgotPasswordPage calls={{ ...accountCalls, forgot: async (e) => (sent.push(e), { message: 'whatever' }) }} />, {
      path: '/forgot',
    });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: ' anna@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('forgot-sent')).textContent).toMatch(/^If an account exists for this e-mail address/);
    expect(sent).toEqual(['anna@example.com']);
  });
});
