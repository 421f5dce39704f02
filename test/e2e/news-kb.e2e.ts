import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER } from './playwright.config';
import { api, apiToken, openSignedIn, unique } from './projects-support';

/**
 * A system admin writes a critical (auto-open) news item in /admin; the user signs in and the what's-new panel opens
 * by itself, with the item in their language; after reading it is no longer unread and does not open again. The user
 * then finds a knowledge-base article through the search and reads it. In English, Dutch and German.
 * With E2E_SHOTS set, every new screen is also saved as a screenshot there.
 */

type Language = 'en' | 'nl' | 'de';

const texts = {
  en: {
    created: 'Successfully created news item',
    search: 'two-factor',
    article: 'Two-factor authentication',
    step: 'Switching it on',
    button: 'Read the guide',
  },
  nl: {
    created: 'aangemaakt',
    search: 'tweestaps',
    article: 'Tweestapsverificatie',
    step: 'Inschakelen',
    button: 'Lees de uitleg',
  },
  de: {
    created: 'angelegt',
    search: 'Zwei-Faktor',
    article: 'Zwei-Faktor-Authentifizierung',
    step: 'Einschalten',
    button: 'Zur Anleitung',
  },
} as const;

const shoot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  // let dialogs and drawers finish their opening transition
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

const created: string[] = [];

test.afterAll(async ({ request }) => {
  // the critical items would open the panel in every later browser test: they go
  const admin = api(request, await apiToken(request, DEMO_ADMIN));
  for (const id of created) await admin.delete(`/api/news/${id}`);
});

for (const language of ['en', 'nl', 'de'] as const satisfies readonly Language[]) {
  test(`news and knowledge base (${language})`, async ({ page, browser, request }) => {
    const t = texts[language];
    const adminToken = await apiToken(request, DEMO_ADMIN);
    const admin = api(request, adminToken);
    // the admin's own panel stays shut while writing: everything is read for them
    await admin.post('/api/whats-new/read', {});

    // a system admin writes the item in /admin: English (required) and the test's language, critical
    await openSignedIn(page, adminToken, language, '/admin/news');
    await page.getByTestId('news-new').click();
    const form = page.getByTestId('news-form');
    const title = unique(`Planning ${language}`);
    await form.locator('#news-title-en').fill(language === 'en' ? title : `${title} (en)`);
    await form.locator('#news-description-en').fill('The **Gantt** view is here.\n\n- drag bars\n- zoom by week');
    if (language !== 'en') {
      await page.getByTestId(`news-language-${language}`).click();
      await form.locator(`#news-title-${language}`).fill(title);
      await form.locator(`#news-description-${language}`).fill(`**${title}**: ${t.article}`);
    }
    // a button to a path of this site: the two-factor article
    await form.locator('#news-button-url').fill('/knowledge-base/5f0c6a8e-1d0b-4c39-9a55-0a7e3f1b2c05');
    await page.getByTestId('news-language-en').click();
    await form.locator('#news-button-title-en').fill('Read the guide');
    if (language !== 'en') {
      await page.getByTestId(`news-language-${language}`).click();
      await form.locator(`#news-button-title-${language}`).fill(t.button);
    }
    await form.locator('#news-tags').fill('tasks, gantt');
    // the switch's indicator covers its input: click its label
    await page.locator('label:has([data-testid="news-auto-open"])').click();
    await expect(page.getByTestId('news-auto-open')).toBeChecked();
    await shoot(page, `admin-news-form-${language}`);
    await page.getByTestId('news-submit').click();
    await expect(page.getByText(t.created).first()).toBeVisible();
    await expect(page.getByTestId('news-row').first()).toBeVisible();
    const items = await admin.get<{ data: { id: string; translations: { en: { title: string } } }[] }>('/api/news');
    const item = items.data.find((n) => n.translations.en.title.startsWith(title))!;
    created.push(item.id);
    await admin.post('/api/whats-new/read', {});
    await page.reload();
    await expect(page.getByTestId('news-row').first()).toBeVisible();
    await shoot(page, `admin-news-${language}`);
    await page.goto('/admin/knowledge-base');
    await expect(page.getByTestId('article-row').first()).toBeVisible();
    await shoot(page, `admin-knowledge-base-${language}`);
    await page.getByTestId('article-row').first().getByRole('button').first().click();
    await expect(page.getByTestId('article-form')).toBeVisible();
    await shoot(page, `admin-knowledge-base-form-${language}`);

    // the user signs in: the panel opens by itself with the item in their language, marked new
    const context = await browser.newContext();
    const user = await context.newPage();
    await openSignedIn(user, await apiToken(request, DEMO_USER), language, '/dashboard');
    const panel = user.getByTestId('news-panel');
    await expect(panel).toBeVisible();
    const card = panel.getByTestId('news-item').filter({ hasText: title }).first();
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card.getByTestId('news-item-new')).toBeVisible();
    await expect(card.locator('strong').first()).toBeVisible();
    await expect(card.getByTestId('news-button')).toHaveText(t.button);
    await shoot(user, `news-panel-${language}`);
    await user.locator('.stramien-news').getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
    // read: no unread dot, and it does not open by itself again
    await expect(user.getByTestId('user-menu-unread')).toHaveCount(0);
    await user.reload();
    await expect(user.getByTestId('user-menu')).toBeVisible();
    await expect(user.getByTestId('user-menu-unread')).toHaveCount(0);
    await expect(user.getByTestId('news-panel')).toHaveCount(0);

    // the user menu's Documentation opens the knowledge base; the search finds the two-factor article
    await user.getByTestId('user-menu').click();
    await user.getByTestId('documentation-link').click();
    await expect(user).toHaveURL(/\/knowledge-base$/);
    await expect(user.getByTestId('knowledge-base-article').first()).toBeVisible();
    await shoot(user, `knowledge-base-${language}`);
    await user.getByTestId('knowledge-base-search').fill(t.search);
    await expect(user).toHaveURL(/\?q=/);
    await expect(user.getByTestId('knowledge-base-article')).toHaveCount(1);
    await user.getByTestId('knowledge-base-article').getByText(t.article).click();
    await expect(user).toHaveURL(/\/knowledge-base\/[0-9a-f-]{36}$/);
    await expect(user.getByRole('heading', { level: 2, name: t.article })).toBeVisible();
    await expect(user.getByRole('heading', { name: t.step })).toBeVisible();
    await shoot(user, `knowledge-base-article-${language}`);
    await context.close();
  });
}
