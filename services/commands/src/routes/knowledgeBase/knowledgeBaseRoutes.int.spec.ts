import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeBaseRoutes } from '@stramien/api';
import { knowledgeBaseMessages, messages } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { failure } from '../teams/testFixtures';
import { STARTER_ARTICLES } from '../../bootstrap/knowledgeBaseArticles';
import { seedKnowledgeBase } from '../../bootstrap/knowledgeBase';

let server: TestServer;
let admin: ReturnType<TestServer['api']>;
let user: ReturnType<TestServer['api']>;
beforeAll(async () => {
  server = await startTestServer();
  admin = server.api(await server.signIn(DEMO.admin));
  user = server.api(await server.signIn(DEMO.user));
});
afterAll(async () => {
  await server?.close();
});

const head = () => server.adapters.eventStore.headPosition();
const article = (title = 'Labels') => ({
  translations: {
    en: { title, body: 'Labels **group** tasks across projects.' },
    nl: { title: `${title} (nl)`, body: 'Labels **groeperen** taken.' },
  },
  position: 5,
});

describe('the starter articles', () => {
  it('are seeded at first start, in English, Dutch and German, and not again', async () => {
    const list = (await user.call(knowledgeBaseRoutes.list)).data.map((a) => a.id);
    for (const a of STARTER_ARTICLES) expect(list).toContain(a.articleId);
    for (const lang of ['en', 'nl', 'de'] as const) {
      const twoFactor = await user.call(knowledgeBaseRoutes.get, { params: { id: STARTER_ARTICLES[4]!.articleId }, query: { lang } });
      expect(twoFactor.data.title).toBe(STARTER_ARTICLES[4]!.translations[lang]!.title);
    }
    const before = await head();
    expect(await seedKnowledgeBase(server.app.deps)).toBe(0);
    expect(await head()).toBe(before);
  });

  it('are real: every language has a title and a body of some length', () => {
    for (const a of STARTER_ARTICLES)
      for (const lang of ['en', 'nl', 'de'] as const) {
        expect(a.translations[lang]?.title, `${a.articleId} ${lang}`).not.toBe('');
        expect(a.translations[lang]!.body.length, `${a.articleId} ${lang}`).toBeGreaterThan(800);
      }
  });
});

describe('GET /api/knowledge-base', () => {
  it('searches title and text in the asked language, ignoring case and diacritics, title matches first', async () => {
    const de = (await user.call(knowledgeBaseRoutes.list, { query: { search: 'ZWEI-FAKTOR', lang: 'de' } })).data;
    expect(de[0]).toMatchObject({ id: STARTER_ARTICLES[4]!.articleId, title: 'Zwei-Faktor-Authentifizierung' });
    const nl = (await user.call(knowledgeBaseRoutes.list, { query: { search: 'gantt kalender', lang: 'nl' } })).data;
    expect(nl.map((a) => a.title)).toEqual(['Taken: aanmaken, toewijzen, Gantt, kalender en bord']);
    expect((await user.call(knowledgeBaseRoutes.list, { query: { search: 'ubersicht', lang: 'de' } })).data.length).toBeGreaterThan(0);
    expect((await user.call(knowledgeBaseRoutes.list, { query: { search: 'qwertyuiop' } })).data).toEqual([]);
  });

  it('gives a plain-text excerpt', async () => {
    const [first] = (await user.call(knowledgeBaseRoutes.list, { query: { search: 'dashboard' } })).data;
    expect(first!.excerpt).not.toMatch(/[*#]/);
  });

  it('refuses a search over 200 characters and an unknown language with 400', async () => {
    expect((await failure(user.call(knowledgeBaseRoutes.list, { query: { search: 'x'.repeat(201) } }))).status).toBe(400);
    expect((await failure(user.call(knowledgeBaseRoutes.list, { query: { lang: 'fr' as never } }))).status).toBe(400);
    expect((await failure(server.api().call(knowledgeBaseRoutes.list))).status).toBe(401);
  });
});

describe('GET /api/knowledge-base/:id', () => {
  it('answers 404 for an unknown article and 400 for an id that is not a uuid', async () => {
    expect(await failure(user.call(knowledgeBaseRoutes.get, { params: { id: '00000000-0000-4000-8000-000000000000' } }))).toEqual({
      status: 404,
      message: knowledgeBaseMessages.notFound,
    });
    expect((await failure(user.call(knowledgeBaseRoutes.get, { params: { id: 'x' } }))).status).toBe(400);
  });
});

describe('the admin calls /api/knowledge-base-articles', () => {
  it('create, change and delete an article; readers see it in their language with English as fallback', async () => {
    const created = await admin.call(knowledgeBaseRoutes.create, { body: article('Labels on tasks') });
    expect(created.data).toMatchObject({
      translations: { en: { title: 'Labels on tasks' }, nl: { title: 'Labels on tasks (nl)' } },
      position: 5,
    });
    const de = await user.call(knowledgeBaseRoutes.get, { params: { id: created.data.id }, query: { lang: 'de' } });
    expect(de.data).toMatchObject({ title: 'Labels on tasks', body: 'Labels **group** tasks across projects.' });
    const changed = await admin.call(knowledgeBaseRoutes.update, {
      params: { id: created.data.id },
      body: {
        ...article('Labels on tasks'),
        translations: { ...article().translations, de: { title: 'Labels an Aufgaben', body: 'Text' } },
      },
    });
    expect(changed.data.translations.de).toEqual({ title: 'Labels an Aufgaben', body: 'Text' });
    expect((await admin.call(knowledgeBaseRoutes.adminList)).data.map((a) => a.id)).toContain(created.data.id);
    expect(await admin.call(knowledgeBaseRoutes.delete, { params: { id: created.data.id } })).toMatchObject({
      message: knowledgeBaseMessages.deleted,
    });
    expect((await failure(user.call(knowledgeBaseRoutes.get, { params: { id: created.data.id } }))).status).toBe(404);
    expect((await failure(admin.call(knowledgeBaseRoutes.delete, { params: { id: created.data.id } }))).status).toBe(404);
  });

  it("refuses a missing English body with 'Required.', appending nothing", async () => {
    const before = await head();
    expect(
      await failure(admin.call(knowledgeBaseRoutes.create, { body: { translations: { en: { title: 'T', body: ' ' } }, position: 1 } })),
    ).toEqual({
      status: 422,
      message: knowledgeBaseMessages.required,
      errors: { 'translations.en.body': [knowledgeBaseMessages.required] },
    });
    expect(await head()).toBe(before);
  });

  it.each([
    ['a 1 MB body', { translations: { en: { title: 'T', body: 'x'.repeat(1_000_000) } } }],
    ['a 1 MB title', { translations: { en: { title: 'x'.repeat(1_000_000), body: 'B' } } }],
    ['a negative position', { ...article(), position: -1 }],
    ['an unknown field', { ...article(), slug: 'x' }],
    ['no translations', { position: 1 }],
  ])('answers 400 with a message for %s, appending nothing', async (_, body) => {
    const before = await head();
    const refused = await failure(admin.call(knowledgeBaseRoutes.create, { body: body as never }));
    expect(refused.status).toBe(400);
    expect(refused.message).not.toBe('');
    expect(await head()).toBe(before);
  });

  it('answers 403 to a user who is not a system admin, appending nothing', async () => {
    const before = await head();
    const id = STARTER_ARTICLES[0]!.articleId;
    for (const call of [
      () => user.call(knowledgeBaseRoutes.adminList),
      () => user.call(knowledgeBaseRoutes.create, { body: article() }),
      () => user.call(knowledgeBaseRoutes.update, { params: { id }, body: article() }),
      () => user.call(knowledgeBaseRoutes.delete, { params: { id } }),
    ])
      expect(await failure(call())).toMatchObject({ status: 403, message: messages.shared.forbidden });
    expect(await head()).toBe(before);
  });
});
