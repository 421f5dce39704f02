import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './playwright.config';
import { apiToken, openSignedIn, unique } from './projects-support';

const TEXTS = {
  en: {
    create: 'Create project',
    number: 'Number',
    name: 'Name',
    roleName: 'Role name',
    addRole: 'Add role',
    admin: 'Project admin',
    required: 'Required.',
    tables: 'Tables',
    settings: 'Project settings',
    noSessions: 'No Sessions found within project',
    addLink: 'Add link',
    linkName: 'Name',
    url: 'URL',
    colour: 'Colour',
    invalidHex: 'Invalid HEX color.',
    buildOrder: 'Build Order',
    linkCreated: 'Successfully created link',
  },
  nl: {
    create: 'Project aanmaken',
    number: 'Nummer',
    name: 'Naam',
    roleName: 'Rolnaam',
    addRole: 'Rol toevoegen',
    admin: 'Projectbeheerder',
    required: 'Verplicht.',
    tables: 'Tabellen',
    settings: 'Projectinstellingen',
    noSessions: 'Geen sessies gevonden binnen dit project',
    addLink: 'Link toevoegen',
    linkName: 'Naam',
    url: 'URL',
    colour: 'Kleur',
    invalidHex: 'Ongeldige HEX-kleur.',
    buildOrder: 'Bouwvolgorde',
    linkCreated: 'Link aangemaakt',
  },
  de: {
    create: 'Projekt anlegen',
    number: 'Nummer',
    name: 'Name',
    roleName: 'Rollenname',
    addRole: 'Rolle hinzufügen',
    admin: 'Projektadministrator',
    required: 'Pflichtfeld.',
    tables: 'Tabellen',
    settings: 'Projekteinstellungen',
    noSessions: 'Keine Sitzungen in diesem Projekt gefunden',
    addLink: 'Link hinzufügen',
    linkName: 'Name',
    url: 'URL',
    colour: 'Farbe',
    invalidHex: 'Ungültige HEX-Farbe.',
    buildOrder: 'Bauabfolge',
    linkCreated: 'Link erstellt',
  },
} as const;

for (const language of ['en', 'nl', 'de'] as const) {
  const t = TEXTS[language];
  test.describe(`Creating a project (${language})`, () => {
    test('an admin creates a project with roles and a module, opens its overview and adds a link', async ({ page, request }) => {
      const token = await apiToken(request, DEMO_ADMIN);
      await openSignedIn(page, token, language);
      const name = unique(`Brug ${language}`);

      await page.getByTestId('create-project').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('create-project-submit').click();
      await expect(dialog.getByText(t.required).first()).toBeVisible();

      await dialog.getByLabel(t.number, { exact: true }).fill('E2E-1');
      await dialog.getByLabel(t.name, { exact: true }).fill(name);
      await dialog.getByRole('button', { name: t.addRole }).click();
      await dialog.getByLabel(t.roleName).last().fill('Uitvoering');
      await dialog.getByLabel(t.admin).last().check({ force: true });
      await dialog.getByLabel(t.buildOrder).check({ force: true });
      await dialog.getByTestId('create-project-submit').click();

      // the new project's overview
      await expect(page).toHaveURL(/\/project\/e2e-1-brug-/);
      await expect(page.getByTestId('project-header')).toContainText(name);
      await expect(page.getByTestId('project-navigation').getByRole('button', { name: t.tables })).toBeVisible();
      await expect(page.getByTestId('project-navigation').getByRole('button', { name: t.settings })).toBeVisible();
      await expect(page.getByText(t.noSessions)).toBeVisible();
      await page.getByTestId('module-search').getByText(t.buildOrder).first().waitFor({ state: 'attached' });

      // a link, with the dialog's validation
      await page.getByTestId('link-add').click();
      const linkDialog = page.getByTestId('link-dialog');
      await linkDialog.getByLabel(t.linkName, { exact: true }).fill('Drive');
      await linkDialog.getByLabel(t.url, { exact: true }).fill('https://drive.example.com/e2e');
      await linkDialog.getByLabel(t.colour, { exact: true }).fill('#12345');
      await linkDialog.getByTestId('link-save').click();
      await expect(linkDialog.getByText(t.invalidHex)).toBeVisible();
      await linkDialog.getByLabel(t.colour, { exact: true }).fill('#1e88e5');
      await linkDialog.getByTestId('link-save').click();
      // the server's message, in the page's language
      await expect(page.getByText(t.linkCreated)).toBeVisible();
      await expect(page.getByTestId('project-link')).toHaveAttribute('href', 'https://drive.example.com/e2e');

      // the project apps menu in the app bar
      await page.getByTestId('project-apps').click();
      await expect(page.getByTestId('apps-module-build-order')).toBeVisible();
      await page.getByTestId('apps-settings').click();
      await expect(page.getByTestId('project-settings')).toBeVisible();
    });
  });
}
