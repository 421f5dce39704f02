import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER } from './playwright.config';
import { apiToken, ownAddress } from './securityHelpers';

test.describe('Maintenance mode', () => {
  test.use({ extraHTTPHeaders: ownAddress() });
  let adminToken = '';
  const switchMaintenance = async (request: APIRequestContext, enabled: boolean, secret?: string) => {
    const res = await request.post('/api/maintenance', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: enabled ? { enabled, secret } : { enabled },
    });
    expect(res.status()).toBe(200);
  };

  test.afterAll(async ({ request }) => {
    // the e2e server is shared by every file: never leave it in maintenance
    if (adminToken)
      await request.post('/api/maintenance', { headers: { authorization: `Bearer ${adminToken}` }, data: { enabled: false } });
  });

  test('the browser lands on /maintenance, the secret lets the user continue, and switching off ends it', async ({ page, request }) => {
    adminToken = await apiToken(request, DEMO_ADMIN);
    const secret = `Maint#${Date.now().toString(36)}`;

    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    try {
      await switchMaintenance(request, true, secret);
      await page.goto('/build');
      await expect(page).toHaveURL(/\/maintenance\?redirect=%2Fbuild/);
      await expect(page.getByText('Stramien is under maintenance. Enter the maintenance secret to continue.')).toBeVisible();

      await page.getByLabel('Maintenance secret').fill('not-the-secret');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByTestId('maintenance-error')).toHaveText('The maintenance secret is not correct.');

      await page.getByLabel('Maintenance secret').fill(secret);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/build$/);
      await expect(page.getByTestId('build-information')).toBeVisible();
      const held = await page.evaluate(() => ({
        token: localStorage.getItem('stramien.maintenanceToken'),
        expiresAt: Number(localStorage.getItem('stramien.maintenanceTokenExpiresAt')),
      }));
      expect(held.token).toBeTruthy();
      expect(held.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);

      // without the maintenance token the calls are refused again
      await page.evaluate(() => localStorage.removeItem('stramien.maintenanceToken'));
      await page.goto('/build');
      await expect(page).toHaveURL(/\/maintenance\?redirect=%2Fbuild/);
    } finally {
      await switchMaintenance(request, false);
    }

    await page.goto('/maintenance?redirect=%2Fbuild');
    await expect(page.getByTestId('maintenance-over')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Stramien' }).click();
    await expect(page).toHaveURL(/\/build$/);
    await expect(page.getByTestId('build-information')).toBeVisible();
  });
});
