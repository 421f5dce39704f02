import { knowledgeBaseRoutes, type RouteContract } from '@stramien/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { i18n } from '../../shared/i18n';
import { renderAt } from '../../test/renderWithRouter';
import { ArticlePage } from './ArticlePage';
import { KnowledgeBasePage } from './KnowledgeBasePage';

const ID = '5f0c6a8e-1d0b-4c39-9a55-0a7e3f1b2c05';
type Input = { params?: { id?: string }; query?: { search?: string; lang?: string } };

const serve = () => {
  const asked: Input[] = [];
  vi.spyOn(api, 'call').mockImplementation((async (route: RouteContract, input: Input = {}) => {
    asked.push(input);
    if (route === knowledgeBaseRoutes.list) {
      const all = [
        { id: ID, title: 'Two-factor authentication', excerpt: 'Protect your account', updated_at: '2026-03-01T00:00:00.000Z' },
        { id: 'other', title: 'Tasks', excerpt: 'Plan the work', updated_at: '2026-03-01T00:00:00.000Z' },
      ];
      const search = input.query?.search ?? '';
      return { data: search === '' ? all : search === 'two-factor' ? all.slice(0, 1) : [] };
    }
    if (route === knowledgeBaseRoutes.get)
      return {
        data: {
          id: ID,
          title: 'Zwei-Faktor-Authentifizierung',
          body: '## Einschalten\n\n1. App **installieren**',
          updated_at: '2026-03-01T00:00:00.000Z',
        },
      };
    throw new Error(`unexpected call ${route.path}`);
  }) as typeof api.call);
  return asked;
};

afterEach(() => vi.restoreAllMocks());

describe('the knowledge base', () => {
  it('lists the articles and searches them, keeping the search in the address', async () => {
    const asked = serve();
    const { router } = renderAt(<KnowledgeBasePage />, { path: '/knowledge-base' });
    expect(await screen.findByText('Tasks')).toBeTruthy();
    fireEvent.change(screen.getByTestId('knowledge-base-search'), { target: { value: 'two-factor' } });
    await waitFor(() => expect(screen.queryByText('Tasks')).toBeNull());
    expect(screen.getByRole('link', { name: 'Two-factor authentication' }).getAttribute('href')).toBe(`/knowledge-base/${ID}`);
    expect(router.state.location.search).toBe('?q=two-factor');
    expect(asked.at(-1)?.query).toEqual({ lang: 'en', search: 'two-factor' });
  });

  it('says no article has every word of a search', async () => {
    serve();
    renderAt(<KnowledgeBasePage />, { path: '/knowledge-base', url: '/knowledge-base?q=gantt' });
    expect(await screen.findByText('No articles found')).toBeTruthy();
    expect(screen.getByText(/No article contains every word of “gantt”/)).toBeTruthy();
  });

  it('shows an article in the interface language with its markdown rendered', async () => {
    const asked = serve();
    await act(() => i18n.changeLanguage('de'));
    const { container } = renderAt(<ArticlePage />, { path: '/knowledge-base/:itemId', url: `/knowledge-base/${ID}` });
    expect(await screen.findByRole('heading', { name: 'Zwei-Faktor-Authentifizierung' })).toBeTruthy();
    expect(container.querySelector('h2 + p + .stramien-markdown h2')?.textContent).toBe('Einschalten');
    expect(container.querySelector('strong')?.textContent).toBe('installieren');
    expect(asked.at(-1)).toMatchObject({ params: { id: ID }, query: { lang: 'de' } });
  });
});
