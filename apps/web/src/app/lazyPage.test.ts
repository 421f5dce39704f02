import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, SCRIPT_LOAD_TIMEOUT_MS, isChunkLoadError, lazyPage } from './lazyPage';
import { changeLanguage, i18n, loadLanguage } from '../shared/i18n';

const Page = () => null;

describe('lazyPage', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the router the picked component', async () => {
    await expect(
      lazyPage(
        async () => ({ Page }),
        (m) => m.Page,
      )(),
    ).resolves.toEqual({ Component: Page });
  });

  it("loads the page's text namespaces, in the user's language and in English, before it gives the component", async () => {
    await changeLanguage('nl');
    try {
      for (const language of ['nl', 'en']) i18n.removeResourceBundle(language, 'tasks');
      expect(i18n.t('tasks.priority.high', { ns: 'tasks' })).toBe('tasks.priority.high');
      await expect(
        lazyPage(
          async () => ({ Page }),
          (m) => m.Page,
          ['tasks'],
        )(),
      ).resolves.toEqual({ Component: Page });
      expect(i18n.t('tasks.priority.high', { ns: 'tasks' })).toBe('Hoog');
      expect(i18n.hasResourceBundle('en', 'tasks')).toBe(true);
    } finally {
      await Promise.all([loadLanguage('nl'), loadLanguage('en')]);
      await changeLanguage('en');
    }
  });

  it('fails as a chunk load error when the script takes longer than 120 seconds', async () => {
    vi.useFakeTimers();
    const loading = lazyPage(
      () => new Promise<{ Page: typeof Page }>(() => {}),
      (m) => m.Page,
    )();
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    expect(SCRIPT_LOAD_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(SCRIPT_LOAD_TIMEOUT_MS);
    await outcome;
  });

  it("recognises the browsers' failed dynamic import errors", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
