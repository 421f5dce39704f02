import { expect, test } from '@playwright/test';
import { DEMO_USER } from './playwright.config';

/**
 * D6 in a real Chromium: the policy's `connect-src 'self'` (no `ws: wss:`) still lets the app open its own
 * notification socket, and refuses a socket to any other host (docs/security.md, "Headers").
 */
test.describe('The notification socket under the content security policy', () => {
  test('the app connects its own socket after sign-in, and a socket to another host is refused by the policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    // the server's first frame says `connected`; listened for from the socket's start, so it is not missed
    const connected = new Promise<{ url: string; isClosed: () => boolean }>((resolve) =>
      page.on('websocket', (ws) => {
        if (new URL(ws.url()).pathname !== '/ws') return;
        ws.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"connected"')) resolve({ url: ws.url(), isClosed: () => ws.isClosed() });
        });
      }),
    );

    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    const socket = await connected;
    expect(new URL(socket.url).host).toBe(new URL(page.url()).host);
    expect(socket.isClosed()).toBe(false);
    expect(violations).toEqual([]);

    // another host (127.0.0.2 is not this origin): the policy blocks it before any connection is tried
    const outcome = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(`blocked by ${e.effectiveDirective}`), { once: true });
          try {
            const ws = new WebSocket(`ws://127.0.0.2:${location.port}/ws`);
            ws.onopen = () => resolve('opened');
          } catch (error) {
            resolve(`blocked by ${(error as Error).name}`);
          }
          setTimeout(() => resolve('not blocked'), 3000);
        }),
    );
    expect(outcome).toMatch(/^blocked by (connect-src|SecurityError)$/);
  });
});
