import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTE_PATTERNS } from './routeList';
import { routes } from './routes';

const join = (base: string, path: string | undefined) => (path ? `${base.replace(/\/$/, '')}/${path}` : base) || '/';

/** Every path that renders a screen, from the route tree itself. */
const screens = (tree: RouteObject[], base: string): string[] =>
  tree.flatMap((route) => {
    const here = route.index ? base || '/' : join(base, route.path);
    const own = route.index || (route.path !== undefined && (route.element || route.lazy || route.Component)) ? [here] : [];
    return [...own, ...screens(route.children ?? [], here)];
  });

describe('the shell route list', () => {
  it('names exactly the screens of the authenticated shell in the router', () => {
    const root = routes[0]!;
    const shell = root.children!.find((route) => route.path === undefined && route.children?.some((child) => child.index))!;
    expect([...new Set(screens(shell.children!, '/'))].sort()).toEqual([...SHELL_ROUTE_PATTERNS].sort());
  });
});
