import { newsRoutes, type NewsItem, type RouteContract } from '@stramien/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { i18n } from '../../shared/i18n';
import { renderAt } from '../../test/renderWithRouter';
import { ShellPanels } from '../ShellPanels';
import { closeAllSidebars, setSidebarOpen } from '../sidebars/sidebarStore';
import { NewsPanel } from './NewsPanel';

const item = (over: Partial<NewsItem> = {}): NewsItem => ({
  id: 'n-1',
  title: 'Boards are here',
  description: 'Drag **cards** between lanes. <script>window.pwned = 1</script> [evil](javascript:alert(1))',
  image: 'https://example.com/boards.png',
  tags: ['tasks', 'boards'],
  updated_at: '2026-03-02T10:00:00.000Z',
  auto_open: false,
  button_url: 'https://example.com/boards',
  button_title: 'Read more',
  ...over,
});

/** GET /api/whats-new answers `items` with `readAt`; POST /api/whats-new/read stores 2026-03-05. */
const serve = (items: NewsItem[], readAt: string | null) => {
  const asked: string[] = [];
  const call = vi.spyOn(api, 'send').mockImplementation((async (route: RouteContract, input?: { query?: { lang?: string } }) => {
    if (route === newsRoutes.whatsNew) {
      asked.push(input?.query?.lang ?? '');
      return { data: items, read_at: readAt };
    }
    if (route === newsRoutes.markRead) return { read_at: '2026-03-05T00:00:00.000Z', position: 7 };
    throw new Error(`unexpected call ${route.path}`);
  }) as typeof api.send);
  const markRead = () => call.mock.calls.filter(([route]) => route === newsRoutes.markRead).length;
  return { asked, markRead };
};

afterEach(() => {
  closeAllSidebars();
  vi.restoreAllMocks();
});

describe('the news panel', () => {
  it('opens by itself for critical news (unread and auto_open) and marks all news read once', async () => {
    const { markRead } = serve([item({ auto_open: true })], '2026-03-01T00:00:00.000Z');
    // the shell's panels: they load the news panel when it first opens
    renderAt(<ShellPanels />, { path: '/' });
    const panel = await screen.findByTestId('news-panel');
    const card = within(panel).getByTestId('news-item');
    // it was unread when the panel opened: it keeps its 'New' tag while the panel is open
    expect(within(card).getByTestId('news-item-new').textContent).toBe('New');
    await waitFor(() => expect(markRead()).toBe(1));
    expect(within(card).getByTestId('news-item-new')).toBeTruthy();
  });

  it('stays closed for auto_open news already read, and for unread news without auto_open', async () => {
    const { asked } = serve(
      [item({ id: 'a', auto_open: true, updated_at: '2026-02-01T00:00:00.000Z' }), item({ id: 'b', auto_open: false })],
      '2026-03-01T00:00:00.000Z',
    );
    renderAt(<ShellPanels />, { path: '/' });
    await waitFor(() => expect(asked).toEqual(['en']));
    expect(screen.queryByTestId('news-panel')).toBeNull();
  });

  it('renders the description as safe markdown, with the image, the tags and the button', async () => {
    serve([item()], null);
    renderAt(<NewsPanel />, { path: '/' });
    act(() => setSidebarOpen('news', true));
    const card = await screen.findByTestId('news-item');
    await waitFor(() => expect(card.querySelector('strong')?.textContent).toBe('cards'));
    expect(card.querySelector('script')).toBeNull();
    expect(card.querySelector('a[href^="javascript"]')).toBeNull();
    expect(card.querySelector('img.stramien-news__image')?.getAttribute('src')).toBe('https://example.com/boards.png');
    expect(within(card).getByText('tasks')).toBeTruthy();
    const button = within(card).getByTestId('news-button');
    expect(button.getAttribute('href')).toBe('https://example.com/boards');
    expect(button.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("asks for the news in the interface language and says 'No updates yet...' when there is none", async () => {
    const { asked } = serve([], null);
    await act(() => i18n.changeLanguage('de'));
    renderAt(<NewsPanel />, { path: '/' });
    act(() => setSidebarOpen('news', true));
    expect(await screen.findByText('Noch keine Neuigkeiten...')).toBeTruthy();
    expect(asked).toContain('de');
  });
});
