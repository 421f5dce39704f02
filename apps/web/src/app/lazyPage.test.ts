import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, SCRIPT_LOAD_TIMEOUT_MS, isChunkLoadError, lazyPage } from './lazyPage';

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
