import { expect, test } from '@playwright/test';
import { adminToken, createAccount } from './account-support';

test.describe('Settings › password', () => {
  test('a user changes their password on /settings and stays signed in with the fresh token', async ({ page, request }) => {
    const account = await createAccount(request, await adminToken(request), 'settings');
    await page.goto('/login?redirect=%2Fsettings');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    const section = page.getByTestId('settings-password');
    await section.getByRole('textbox', { name: /^Current password/ }).fill(account.password);
    await section.getByRole('textbox', { name: /^New password/ }).fill('Changed#E2e-Pass2');
    await section.getByRole('textbox', { name: /^Repeat password/ }).fill('Changed#E2e-Pass2');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(`Successfully updated ${account.name}'s password`)).toBeVisible();

    // the old token is refused now; the page holds the fresh one and keeps working after a reload
    await page.reload();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId('settings-profile')).toBeVisible();
    const oldPassword = await request.post('/oauth/token', {
      data: {
        grant_type: 'password',
        client_id: 'stramien-web',
        client_secret: 'stramien-web',
        username: account.email,
        password: account.password,
      },
    });
    expect(oldPassword.status()).toBe(401);
  });
});
