import type { ComponentType } from 'react';
import { ALL_NAMESPACES, loadNamespaces, type TextNamespace } from '../shared/i18n';

/** Script load timeout (spec §9): a lazily loaded screen that takes longer fails as a chunk load error. */
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(error.message));

/**
 * A router `lazy` loader for one page component, with the script load timeout. The page's text namespaces load with
 * it (every namespace unless the route names the ones it shows), so its texts are there when it renders: no keys,
 * no English before the user's language. A failure of either is a chunk load error.
 */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: readonly TextNamespace[] = ALL_NAMESPACES) =>
  async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError('Loading the screen timed out')), SCRIPT_LOAD_TIMEOUT_MS);
    });
    const texts = loadNamespaces(namespaces).catch((error: unknown) => {
      throw new ChunkLoadError(error instanceof Error ? error.message : 'Loading the texts failed');
    });
    try {
      const [module] = await Promise.race([Promise.all([load(), texts]), timeout]);
      return { Component: pick(module) };
    } finally {
      clearTimeout(timer);
    }
  };
