import { useSyncExternalStore } from 'react';

/** Screen-width breakpoints in px (spec 1 §9): a width at or above a value is that size or larger. */
export const BREAKPOINTS = { xs: 340, sm: 540, md: 800, lg: 1280 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** The largest breakpoint the width reaches; below xs still counts as xs. */
export const breakpointOf = (width: number): Breakpoint =>
  width >= BREAKPOINTS.lg ? 'lg' : width >= BREAKPOINTS.md ? 'md' : width >= BREAKPOINTS.sm ? 'sm' : 'xs';

/** A media query for "narrower than the breakpoint", e.g. `(max-width: 1279px)` for lg. */
export const below = (breakpoint: Breakpoint): string => `(max-width: ${BREAKPOINTS[breakpoint] - 1}px)`;

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

/** The current breakpoint, re-rendering when the window crosses one. */
export const useBreakpoint = (): Breakpoint =>
  useSyncExternalStore(
    subscribe,
    () => breakpointOf(window.innerWidth),
    () => 'lg',
  );
