import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/renderWithRouter';
import { EMPTY_NEWS, NewsItemForm, newsBody, newsFormValue } from './NewsItemForm';

describe('the news item form', () => {
  it("asks for the English title and description with 'Required.' before sending", async () => {
    const onSubmit = vi.fn();
    renderAt(<NewsItemForm initial={EMPTY_NEWS} busy={false} submitText="Publish" onSubmit={onSubmit} onCancel={() => {}} />, {
      path: '/',
    });
    fireEvent.click(screen.getByTestId('news-submit'));
    expect(await screen.findAllByText('Required.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's field messages on their fields", () => {
    renderAt(
      <NewsItemForm
        initial={EMPTY_NEWS}
        busy={false}
        submitText="Publish"
        serverErrors={{ button_url: ['Enter a full web address starting with http:// or https://, or a path starting with /.'] }}
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
      { path: '/' },
    );
    expect(screen.getByText(/Enter a full web address/)).toBeTruthy();
  });

  it('sends blank languages left out, blank links as none and tags split on commas; edits what it loaded', () => {
    const value = {
      ...EMPTY_NEWS,
      translations: {
        ...EMPTY_NEWS.translations,
        en: { title: 'T', description: 'D', button_title: '' },
        de: { title: 'DE', description: '', button_title: '' },
      },
      tags: ' tasks, , gantt ',
      image: ' ',
    };
    expect(newsBody(value)).toEqual({
      translations: { en: { title: 'T', description: 'D', button_title: '' }, de: { title: 'DE', description: '', button_title: '' } },
      image: null,
      tags: ['tasks', 'gantt'],
      auto_open: false,
      button_url: null,
    });
    const loaded = newsFormValue({
      id: 'n',
      translations: { en: { title: 'T', description: 'D', button_title: 'B' } },
      image: null,
      tags: ['a', 'b'],
      auto_open: true,
      button_url: '/x',
      created_at: '',
      updated_at: '',
    });
    expect(loaded).toMatchObject({ tags: 'a, b', auto_open: true, button_url: '/x', translations: { nl: { title: '' } } });
  });
});
