import { useCallback, useEffect, useState } from 'react';

type Load<T> = () => Promise<T>;

const loaded = new Map<Load<unknown>, unknown>();
const loading = new Map<Load<unknown>, Promise<unknown>>();

/**
 * Runs `load` (a module-level function, usually an `import()` of a part not shown at first paint) once, keeping
 * its value for every later render; a failed load (offline) may be tried again.
 */
export const loadOnce = <T>(load: Load<T>): Promise<T> => {
  let promise = loading.get(load) as Promise<T> | undefined;
  if (!promise) {
    promise = load().then((value) => {
      loaded.set(load, value);
      return value;
    });
    promise.catch(() => loading.delete(load));
    loading.set(load, promise);
  }
  return promise;
};

/** `load`'s value when it has loaded, else undefined */
export const loadedValue = <T>(load: Load<T>): T | undefined => loaded.get(load) as T | undefined;

/** Starts `load` ahead of need (the pointer on, or the focus in, the button that opens it); errors wait for the real use. */
export const preload = (load: Load<unknown>): void => {
  loadOnce(load).catch(() => {});
};

const warn = (error: unknown) => console.warn('[load] could not load a part of the page', error);

/**
 * Something a button opens (a menu, its items), loaded with the button's first click: `open` loads it and `opened`
 * says the popover should then mount open. Once loaded, every later render has it at once.
 */
export const useLoadedOnOpen = <T>(load: Load<T>): { parts: T | undefined; open: () => void; opened: boolean } => {
  const [parts, setParts] = useState(() => loadedValue(load));
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => {
    setOpened(true);
    loadOnce(load).then(setParts, warn);
  }, [load]);
  return { parts, open, opened };
};

/**
 * `load`'s value from the first time `when` is true on (at once when it was preloaded): a panel mounted from its
 * first opening on, so it closes with its transition.
 */
export const useLoadedWhen = <T>(load: Load<T>, when: boolean): T | undefined => {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!when || value !== undefined) return;
    let current = true;
    loadOnce(load).then((loadedNow) => {
      if (current) setValue(() => loadedNow);
    }, warn);
    return () => {
      current = false;
    };
  }, [load, when, value]);
  return value ?? (when ? loadedValue(load) : undefined);
};
