import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { localise, isSafeLink } from '../shared/translated';
import { articleDecider, type ArticleCommand } from './decide';
import { knowledgeBaseMessages } from './messages';
import type { ArticleContent, KnowledgeBaseEvent } from './article';
import { toKnowledgeBaseArticleStreamId } from './articleStream';
import { articleExcerpt, articleMatchScore, searchTerms } from './search';

const spec = deciderSpec(articleDecider);
const metadata = { actor: { userId: 'root', licenceId: 'l1', isSystemAdmin: true }, now: '2026-03-01T10:00:00.000Z' };
const command = <T extends ArticleCommand['type']>(type: T, data: Extract<ArticleCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<ArticleCommand, { type: T }>;

const content: ArticleContent = {
  translations: {
    en: { title: 'Two-factor authentication', body: 'Open **Settings** and scan the code.' },
    de: { title: 'Zwei-Faktor-Authentifizierung', body: 'Öffnen Sie die **Einstellungen**.' },
  },
  position: 50,
};
const created: KnowledgeBaseEvent = { type: 'KnowledgeBaseArticleCreated', data: { articleId: 'a1', ...content } };
const deleted: KnowledgeBaseEvent = { type: 'KnowledgeBaseArticleDeleted', data: { articleId: 'a1' } };

describe('KnowledgeBaseArticle', () => {
  it('lives in the stream knowledgeBaseArticle-<id>', () => expect(toKnowledgeBaseArticleStreamId('a1')).toBe('knowledgeBaseArticle-a1'));

  describe('when created', () => {
    it('records the content', () =>
      spec
        .given([])
        .when(command('CreateArticle', { articleId: 'a1', content }))
        .then([created]));
    it('trims the texts and leaves out a blank language', () =>
      spec
        .given([])
        .when(
          command('CreateArticle', {
            articleId: 'a1',
            content: { translations: { en: { title: ' T ', body: ' B ' }, nl: { title: '', body: ' ' } }, position: 1 },
          }),
        )
        .then([
          { type: 'KnowledgeBaseArticleCreated', data: { articleId: 'a1', translations: { en: { title: 'T', body: 'B' } }, position: 1 } },
        ]));
    it("refuses a missing English title or body with 'Required.'", () => {
      const result = articleDecider.decide(
        command('CreateArticle', { articleId: 'a1', content: { translations: { en: { title: '', body: ' ' } }, position: 0 } }),
        articleDecider.initialState(),
      );
      expect(result).toMatchObject({
        status: 422,
        message: knowledgeBaseMessages.required,
        errors: { 'translations.en.title': [knowledgeBaseMessages.required], 'translations.en.body': [knowledgeBaseMessages.required] },
      });
    });
    it('refuses to create the same article twice', () =>
      spec
        .given([created])
        .when(command('CreateArticle', { articleId: 'a1', content }))
        .thenThrows(knowledgeBaseMessages.alreadyExists, 409));
  });

  describe('when updated', () => {
    it('records the full new content', () => {
      const next = { ...content, position: 10 };
      spec
        .given([created])
        .when(command('UpdateArticle', { content: next }))
        .then([{ type: 'KnowledgeBaseArticleUpdated', data: { articleId: 'a1', ...next } }]);
    });
    it('records nothing when nothing changed', () => spec.given([created]).when(command('UpdateArticle', { content })).then([]));
    it('answers 404 for a deleted article', () =>
      spec.given([created, deleted]).when(command('UpdateArticle', { content })).thenThrows(knowledgeBaseMessages.notFound, 404));
  });

  describe('when deleted', () => {
    it('records the deletion', () => spec.given([created]).when(command('DeleteArticle', {})).then([deleted]));
    it('answers 404 for an unknown article', () =>
      spec.given([]).when(command('DeleteArticle', {})).thenThrows(knowledgeBaseMessages.notFound, 404));
  });
});

describe('knowledge-base search', () => {
  const texts = { title: 'Zwei-Faktor-Authentifizierung', body: 'Öffnen Sie die Einstellungen und scannen Sie den Code.' };
  it('needs every word in the title or the body, ignoring case and diacritics', () => {
    expect(articleMatchScore(texts, searchTerms('oeffnen'))).toBe(0);
    expect(articleMatchScore(texts, searchTerms('OFFNEN code'))).toBe(2);
    expect(articleMatchScore(texts, searchTerms('faktor code'))).toBe(4);
    expect(articleMatchScore(texts, searchTerms('faktor gantt'))).toBe(0);
    expect(articleMatchScore(texts, searchTerms('  '))).toBe(1);
  });
  it('makes a plain-text excerpt of a markdown body', () => {
    expect(articleExcerpt('## Start\n\nOpen **Settings** and [scan](https://x) the `code`.')).toBe('Open Settings and scan the code.');
    expect(articleExcerpt('A **project**: one e-mail.\n\n- first\n- second\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toBe(
      'A project: one e-mail. first second a b 1 2',
    );
    expect(articleExcerpt('word '.repeat(100), 20)).toBe('word word word word…');
  });
});

describe('translated texts', () => {
  it("gives each field in the reader's language, else in English", () => {
    const texts = { en: { title: 'Tasks', body: 'English body' }, nl: { title: 'Taken', body: ' ' } };
    expect(localise(texts, 'nl')).toEqual({ title: 'Taken', body: 'English body' });
    expect(localise(texts, 'de')).toEqual({ title: 'Tasks', body: 'English body' });
    expect(localise(texts, 'fr')).toEqual({ title: 'Tasks', body: 'English body' });
  });
  it('accepts http(s) addresses and paths of this site as links, nothing else', () => {
    for (const ok of ['https://example.com/a?b=1', 'http://intranet.local/x', '/knowledge-base/1']) expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x', 'example.com', '/\\evil', ''])
      expect(isSafeLink(bad), bad).toBe(false);
  });
});
