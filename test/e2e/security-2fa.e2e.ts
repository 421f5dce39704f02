import { expect, test } from '@playwright/test';
import { codesOf, createE2eUser, ownAddress } from './securityHelpers';

/** The visible texts the flow relies on, per interface language. */
const texts = {
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    authCode: 'Authentication code',
    verify: 'Verify',
    appCode: 'Code from your app',
    enable: 'Enable',
    on: 'On',
    invalid: 'Invalid two-factor authentication code',
  },
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    signIn: 'Inloggen',
    authCode: 'Verificatiecode',
    verify: 'Verifiëren',
    appCode: 'Code uit je app',
    enable: 'Inschakelen',
    on: 'Aan',
    invalid: 'Ongeldige verificatiecode',
  },
  de: {
    email: 'E-Mail',
    password: 'Passwort',
    signIn: 'Anmelden',
    authCode: 'Bestätigungscode',
    verify: 'Bestätigen',
    appCode: 'Code aus Ihrer App',
    enable: 'Aktivieren',
    on: 'An',
    invalid: 'Ungültiger Bestätigungscode',
  },
} as const;

for (const language of ['en', 'nl', 'de'] as const) {
  const t = texts[language];
  test.describe(`Two-factor authentication (${language})`, () => {
    test.use({ extraHTTPHeaders: ownAddress() });

    test('a user enables it in Settings by scanning the QR code, signs out, and signs in with a code', async ({ page, request }) => {
      const user = await createE2eUser(request, `twofactor-${language}`, language);
      await page.addInitScript((lang) => {
        if (!sessionStorage.getItem('e2e.language-set')) {
          localStorage.setItem('stramien.language', lang);
          sessionStorage.setItem('e2e.language-set', '1');
        }
      }, language);

      await page.goto('/login');
      await page.getByLabel(t.email).fill(user.email);
      await page.getByLabel(t.password, { exact: true }).fill(user.password);
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(page).toHaveURL(/\/dashboard/);

      await page.goto('/settings');
      const section = page.getByTestId('two-factor-section');
      await section.getByTestId('two-factor-setup').click();
      await expect(section.getByTestId('two-factor-qr')).toBeVisible();
      // the authenticator app reads the secret from the otpauth URL the QR code holds
      const otpauth = await section.getByTestId('two-factor-otpauth-url').getAttribute('href');
      const secret = new URL(otpauth!).searchParams.get('secret')!;
      expect(await section.getByTestId('two-factor-secret').textContent()).toBe(secret);
      const nextCode = codesOf(secret);

      await section.getByLabel(t.appCode).fill(await nextCode());
      await section.getByRole('button', { name: t.enable, exact: true }).click();
      await expect(section.getByTestId('two-factor-status')).toHaveText(t.on);

      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await expect(page).toHaveURL(/\/login/);

      await page.getByLabel(t.email).fill(user.email);
      await page.getByLabel(t.password, { exact: true }).fill(user.password);
      await page.getByRole('button', { name: t.signIn }).click();
      const code = page.getByLabel(t.authCode);
      await expect(code).toBeVisible();

      await code.fill('000000');
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page.getByTestId('login-error')).toHaveText(t.invalid);

      await code.fill(await nextCode());
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page).toHaveURL(/\/dashboard/);
      await expect(page.getByTestId('user-menu')).toBeVisible();
    });
  });
}
