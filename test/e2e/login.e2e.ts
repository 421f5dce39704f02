import { expect, test } from '@playwright/test';
import { DEMO_USER } from './playwright.config';

test.describe('Signing in', () => {
  test('the demo user signs in, lands on the dashboard, gets the new-browser notification and switches to Dutch', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=/);

    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard/);
    // the heading, not the empty state: other flows may already have put the demo user in projects
    await expect(page.getByRole('heading', { name: 'Welcome, Demo' })).toBeVisible();

    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page.getByTestId('notification-list')).toContainText('New sign-in to your account from');

    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('language-nl').click();
    await expect(page.getByRole('heading', { name: 'Welkom, Demo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Meldingen' })).toBeVisible();
  });

  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an expired stored token is removed at start and the user goes to Login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('stramien.accessToken', 'expired.token.value');
      localStorage.setItem('stramien.accessTokenExpiresAt', String(Date.now() - 1000));
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
    expect(await page.evaluate(() => localStorage.getItem('stramien.accessToken'))).toBeNull();
  });
});
