import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './playwright.config';
import { api, apiToken, openSignedIn, unique } from './projects-support';

interface Project {
  id: string;
  slug: string;
  name: string;
}

test.describe('Connecting to a project', () => {
  test('an admin who is not a member sees the overlay, connects and then works in the project', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_ADMIN);
    const as = api(request, token);
    const me = await as.get<{ id: string; licenses: { id: string; name: string }[] }>('/api/user');
    const licence = me.licenses.find((l) => l.name === 'Stramien Demo')!.id;
    // another project admin, so the system admin can leave the project
    const email = `${unique('keeper').replace(/\s/g, '-').toLowerCase()}@e2e.stramien.test`;
    const keeper = await as.post<{ data: { id: string } }>('/api/user', { email, firstname: 'Keeper', lastname: 'E2E', license: licence });
    const name = unique('Kade');
    const created = await as.post<{ data: Project }>('/api/project', {
      license: licence,
      name,
      number: 'C-1',
      roles: [{ name: 'Beheer', is_projectadmin: true, users: [keeper.data.id] }],
    });
    await as.delete(`/api/project/${created.data.id}/members/${me.id}`);

    await openSignedIn(page, token, 'en');
    const card = page.getByTestId(`project-card-${created.data.slug}`);
    await expect(card).toContainText('Not a member');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/project/${created.data.slug}$`));
    const overlay = page.getByTestId('connect-overlay');
    await expect(overlay).toContainText('You are not added to this project, connect first');

    await overlay.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText('You are now a member of this project')).toBeVisible();
    await expect(overlay).toBeHidden();
    await expect(page.getByTestId('project-header')).toContainText(name);
    await expect(page.getByTestId('project-header')).toContainText('Your role: Beheer');
  });
});
