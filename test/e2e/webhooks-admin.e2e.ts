import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './playwright.config';
import { apiToken, openSignedIn, unique } from './projects-support';

test.describe('Webhooks admin (en)', () => {
  test('a licence admin adds an endpoint and sees its secret once', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_ADMIN);
    await openSignedIn(page, token, 'en', '/admin/webhooks');
    const url = `https://erp.example.com/${unique('hook').replace(/\W+/g, '-')}`;

    await page.getByTestId('webhook-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('Events').fill('task.*, user.UserSignedIn');
    await dialog.getByLabel('Description').fill('ERP e2e');
    await dialog.getByTestId('webhook-submit').click();

    // the secret, once, with its warning
    const secret = page.getByTestId('webhook-secret');
    await expect(secret).toHaveValue(/^whsec_/);
    await expect(page.getByText('Copy this secret now')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-webui/webhooks-secret-en.png' });
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(secret).toHaveCount(0);

    // listed, without the secret
    const row = page.getByTestId('webhook-row').filter({ hasText: url });
    await expect(row).toContainText('task.*');
    await expect(row).toContainText('Enabled');
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    await row.getByText(url).click();
    await expect(page.getByTestId('webhook-deliveries')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-webui/webhooks-list-en.png', fullPage: true });
  });
});
