import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../shared/deciderSpec';
import { newsItemDecider, newsReaderDecider, type NewsItemCommand } from './decide';
import { newsMessages } from './messages';
import { isNewsCritical, isNewsUnread, type NewsContent, type NewsItemEvent } from './newsItem';
import { toNewsItemStreamId, toNewsReaderStreamId } from './newsStream';

const spec = deciderSpec(newsItemDecider);
const metadata = { actor: { userId: 'root', licenceId: 'l1', isSystemAdmin: true }, now: '2026-03-01T10:00:00.000Z' };
const command = <T extends NewsItemCommand['type']>(type: T, data: Extract<NewsItemCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<NewsItemCommand, { type: T }>;

const content: NewsContent = {
  translations: {
    en: { title: 'Boards are here', description: 'Drag **cards** between lanes.', buttonTitle: 'Open boards' },
    nl: { title: 'Borden zijn er', description: 'Sleep **kaarten** tussen banen.', buttonTitle: 'Open borden' },
  },
  image: 'https://example.com/boards.png',
  tags: ['tasks', 'boards'],
  autoOpen: true,
  buttonUrl: '/tasks/board',
};
const created: NewsItemEvent = { type: 'NewsItemCreated', data: { newsItemId: 'n1', ...content } };
const deleted: NewsItemEvent = { type: 'NewsItemDeleted', data: { newsItemId: 'n1' } };

describe('NewsItem', () => {
  it('lives in the stream newsItem-<id>', () => expect(toNewsItemStreamId('n1')).toBe('newsItem-n1'));

  describe('when created', () => {
    it('records the content', () =>
      spec
        .given([])
        .when(command('CreateNewsItem', { newsItemId: 'n1', content }))
        .then([created]));

    it('trims texts and tags, leaves out a blank language, and stores blank links as none', () =>
      spec
        .given([])
        .when(
          command('CreateNewsItem', {
            newsItemId: 'n1',
            content: {
              translations: {
                en: { title: ' News ', description: ' Text ', buttonTitle: ' ' },
                de: { title: ' ', description: '', buttonTitle: '' },
              },
              image: '  ',
              tags: [' a ', '', 'b'],
              autoOpen: false,
              buttonUrl: '',
            },
          }),
        )
        .then([
          {
            type: 'NewsItemCreated',
            data: {
              newsItemId: 'n1',
              translations: { en: { title: 'News', description: 'Text', buttonTitle: '' } },
              image: null,
              tags: ['a', 'b'],
              autoOpen: false,
              buttonUrl: null,
            },
          },
        ]));

    it("refuses a missing English title or description with 'Required.' on each field", () => {
      const result = newsItemDecider.decide(
        command('CreateNewsItem', {
          newsItemId: 'n1',
          content: { ...content, translations: { en: { title: ' ', description: '', buttonTitle: 'Open boards' } } },
        }),
        newsItemDecider.initialState(),
      );
      expect(result).toMatchObject({
        status: 422,
        message: newsMessages.required,
        errors: { 'translations.en.title': [newsMessages.required], 'translations.en.description': [newsMessages.required] },
      });
    });

    it.each([
      ['a javascript: button', { buttonUrl: 'javascript:alert(1)' }, 'button_url'],
      ['a protocol-relative image', { image: '//evil.example/x.png' }, 'image'],
      ['a data: image', { image: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'image'],
    ])('refuses %s', (_, change, field) => {
      const result = newsItemDecider.decide(
        command('CreateNewsItem', { newsItemId: 'n1', content: { ...content, ...change } }),
        newsItemDecider.initialState(),
      );
      expect(result).toMatchObject({ status: 422, message: newsMessages.invalidLink, errors: { [field]: [newsMessages.invalidLink] } });
    });

    it('refuses a button address without an English button title, and a title without an address', () => {
      spec
        .given([])
        .when(
          command('CreateNewsItem', {
            newsItemId: 'n1',
            content: { ...content, translations: { en: { ...content.translations.en, buttonTitle: '' } } },
          }),
        )
        .thenThrows(newsMessages.buttonTitleRequired, 422);
      spec
        .given([])
        .when(command('CreateNewsItem', { newsItemId: 'n1', content: { ...content, buttonUrl: null } }))
        .thenThrows(newsMessages.buttonUrlRequired, 422);
    });

    it('refuses a tag listed twice', () =>
      spec
        .given([])
        .when(command('CreateNewsItem', { newsItemId: 'n1', content: { ...content, tags: ['Tasks', 'tasks'] } }))
        .thenThrows(newsMessages.duplicateTag, 422));

    it('refuses to create the same item twice', () =>
      spec
        .given([created])
        .when(command('CreateNewsItem', { newsItemId: 'n1', content }))
        .thenThrows(newsMessages.alreadyExists, 409));
  });

  describe('when updated', () => {
    it('records the full new content', () => {
      const next = { ...content, autoOpen: false, tags: ['boards'] };
      spec
        .given([created])
        .when(command('UpdateNewsItem', { content: next }))
        .then([{ type: 'NewsItemUpdated', data: { newsItemId: 'n1', ...next } }]);
    });
    it('records nothing when nothing changed, so readers do not see it unread again', () =>
      spec.given([created]).when(command('UpdateNewsItem', { content })).then([]));
    it('refuses content without an English title', () =>
      spec
        .given([created])
        .when(command('UpdateNewsItem', { content: { ...content, translations: { en: { ...content.translations.en, title: '' } } } }))
        .thenThrows(newsMessages.required, 422));
    it('answers 404 for an item that does not exist or was deleted', () => {
      spec.given([]).when(command('UpdateNewsItem', { content })).thenThrows(newsMessages.notFound, 404);
      spec.given([created, deleted]).when(command('UpdateNewsItem', { content })).thenThrows(newsMessages.notFound, 404);
    });
  });

  describe('when deleted', () => {
    it('records the deletion', () => spec.given([created]).when(command('DeleteNewsItem', {})).then([deleted]));
    it('answers 404 the second time', () =>
      spec.given([created, deleted]).when(command('DeleteNewsItem', {})).thenThrows(newsMessages.notFound, 404));
  });
});

describe('NewsReader', () => {
  const reader = deciderSpec(newsReaderDecider);
  const mark = (now: string) => ({ type: 'MarkNewsRead' as const, data: { userId: 'u1' }, metadata: { ...metadata, now } });

  it('lives in the stream newsReader-<userId>', () => expect(toNewsReaderStreamId('u1')).toBe('newsReader-u1'));
  it('stores the current time as the read time', () =>
    reader
      .given([])
      .when(mark('2026-03-02T00:00:00.000Z'))
      .then([{ type: 'NewsMarkedRead', data: { userId: 'u1', readAt: '2026-03-02T00:00:00.000Z' } }]));
  it('never moves the read time back', () =>
    reader
      .given([{ type: 'NewsMarkedRead', data: { userId: 'u1', readAt: '2026-03-02T00:00:00.000Z' } }])
      .when(mark('2026-03-01T00:00:00.000Z'))
      .then([]));
});

describe('news unread and critical (spec 2 §4)', () => {
  const readAt = '2026-03-01T10:00:00.000Z';
  it('calls an item unread when it changed after the read time, and every item when never read', () => {
    expect(isNewsUnread('2026-03-02T00:00:00.000Z', readAt)).toBe(true);
    expect(isNewsUnread('2026-02-28T00:00:00.000Z', readAt)).toBe(false);
    expect(isNewsUnread('2026-02-28T00:00:00.000Z', null)).toBe(true);
  });
  it('calls an unread auto_open item critical', () => {
    expect(isNewsCritical({ updatedAt: '2026-03-02T00:00:00.000Z', autoOpen: true }, readAt)).toBe(true);
    expect(isNewsCritical({ updatedAt: '2026-03-02T00:00:00.000Z', autoOpen: false }, readAt)).toBe(false);
    expect(isNewsCritical({ updatedAt: '2026-02-02T00:00:00.000Z', autoOpen: true }, readAt)).toBe(false);
  });
});
