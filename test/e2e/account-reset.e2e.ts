import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './playwright.config';
import { adminToken, createAccount, linkPath, waitForMail } from './account-support';

const TEXTS = {
  en: {
    forgotLink: 'Forgot password?',
    email: 'Email',
    send: 'Send reset link',
    sent: 'If an account exists for this e-mail address',
    newPassword: 'New password',
    repeat: 'Repeat password',
    mustMatch: 'Password must match',
    reset: 'Reset password',
    done: 'Your password has been reset',
    loginEmail: 'Email',
    loginPassword: 'Password',
    signIn: 'Sign in',
    subject: 'Reset your Stramien password',
  },
  nl: {
    forgotLink: 'Wachtwoord vergeten?',
    email: 'E-mail',
    send: 'Resetlink versturen',
    sent: 'Als er een account bestaat voor dit e-mailadres',
    newPassword: 'Nieuw wachtwoord',
    repeat: 'Herhaal wachtwoord',
    mustMatch: 'Wachtwoorden moeten overeenkomen',
    reset: 'Wachtwoord resetten',
    done: 'Je wachtwoord is opnieuw ingesteld',
    loginEmail: 'E-mail',
    loginPassword: 'Wachtwoord',
    signIn: 'Inloggen',
    subject: 'Reset your Stramien password',
  },
  de: {
    forgotLink: 'Passwort vergessen?',
    email: 'E-Mail',
    send: 'Link zum Zurücksetzen senden',
    sent: 'Falls für diese E-Mail-Adresse ein Konto besteht',
    newPassword: 'Neues Passwort',
    repeat: 'Passwort wiederholen',
    mustMatch: 'Passwörter müssen übereinstimmen',
    reset: 'Passwort zurücksetzen',
    done: 'Ihr Passwort wurde zurückgesetzt',
    loginEmail: 'E-Mail',
    loginPassword: 'Passwort',
    signIn: 'Anmelden',
    subject: 'Reset your Stramien password',
  },
} as const;

for (const [language, t] of Object.entries(TEXTS)) {
  test.describe(`Forgot and reset password (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lng) => localStorage.setItem('stramien.language', lng), language);
    });

    test('a user asks for a reset link, follows it, chooses a new password and signs in with it', async ({ page, request }) => {
      const admin = await adminToken(request);
      const account = await createAccount(request, admin, `reset-${language}`);

      await page.goto('/login');
      await page.getByRole('link', { name: t.forgotLink }).click();
      await expect(page).toHaveURL(/\/forgot$/);
      await page.getByLabel(t.email).fill(account.email);
      await page.getByRole('button', { name: t.send }).click();
      await expect(page.getByTestId('forgot-sent')).toContainText(t.sent);

      const mail = await waitForMail(request, admin, account.email, (m) => m.subject === t.subject);
      await page.goto(linkPath(mail, 'reset'));
      await expect(page.getByLabel(t.email)).toHaveValue(account.email);
      await page.getByLabel(t.newPassword).fill('Fresh#E2e-Pass2');
      await page.getByLabel(t.repeat).fill('Fresh#E2e-Pass3');
      await page.getByRole('button', { name: t.reset }).click();
      await expect(page.getByText(t.mustMatch)).toBeVisible();
      await page.getByLabel(t.repeat).fill('Fresh#E2e-Pass2');
      await page.getByRole('button', { name: t.reset }).click();

      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(t.done)).toBeVisible();
      await page.getByLabel(t.loginEmail, { exact: true }).fill(account.email);
      await page.getByLabel(t.loginPassword, { exact: true }).fill('Fresh#E2e-Pass2');
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(page).toHaveURL(/\/dashboard/);

      // the link works once
      await page.evaluate(() => localStorage.removeItem('stramien.accessToken'));
      await page.goto(linkPath(mail, 'reset'));
      await page.getByLabel(t.newPassword).fill('Again#E2e-Pass4');
      await page.getByLabel(t.repeat).fill('Again#E2e-Pass4');
      await page.getByRole('button', { name: t.reset }).click();
      await expect(page.locator('a[href="/forgot"]')).toBeVisible();
      await expect(page).toHaveURL(/\/reset\//);
    });
  });
}

test.describe('Dev mail outbox', () => {
  test('a system admin reads the reset mail on /dev/mail', async ({ page, request }) => {
    const admin = await adminToken(request);
    const account = await createAccount(request, admin, 'outbox');
    const forgot = await request.post('/api/user/password/forgot', { data: { email: account.email } });
    expect(forgot.status()).toBe(200);
    await waitForMail(request, admin, account.email, (m) => m.subject === 'Reset your Stramien password');

    await page.goto('/dev/mail');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdev%2Fmail/);
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // with more than one licence the picker comes first
    await expect(page).toHaveURL(/\/(dev\/mail|licenses)/);
    if (page.url().includes('/licenses')) await page.getByTestId('licence-list').getByRole('button').first().click();
    await expect(page).toHaveURL(/\/dev\/mail$/);
    await page
      .getByTestId('dev-mail-item')
      .filter({ hasText: account.email })
      .filter({ hasText: 'Reset your Stramien password' })
      .first()
      .click();
    await expect(page.getByTestId('dev-mail-text')).toContainText('/reset/');
    await expect(page.getByTestId('dev-mail-text')).toContainText(encodeURIComponent(account.email));
  });
});
