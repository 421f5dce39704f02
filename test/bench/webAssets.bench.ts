import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { atMost, info, round, type BenchFigure } from './figures';

export interface WebAssetsBenchOptions {
  /** the built web app; default apps/web/dist (built first when missing) */
  dist?: string;
  log?: (line: string) => void;
}

/** what a cold load of a route must fetch, in KB of brotli */
const FIRST_ROUTE_TARGET_KB = 170;

/** static imports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`), not its dynamic `import("./x.js")` */
const staticImports = (code: string): string[] =>
  [...code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w${}\s,*]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);

/**
 * The JavaScript a cold load of a route fetches, as the build wrote it: the entry script and the
 * modulepreloads of index.html, then the route's lazily loaded chunks (the router's `lazy` imports), each
 * with everything it imports statically; summed as the brotli files the server sends (compressed here when
 * the build wrote none).
 */
export async function benchWebAssets(options: WebAssetsBenchOptions = {}): Promise<BenchFigure[]> {
  const dist = options.dist ?? join('apps', 'web', 'dist');
  const log = options.log ?? (() => {});
  if (!existsSync(join(dist, 'index.html'))) {
    log('webAssets: building the web app');
    const build = spawnSync('npx', ['vite', 'build'], { cwd: join(dist, '..'), stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`vite build exited with ${build.status ?? build.signal}`);
  }
  const assets = join(dist, 'assets');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/assets\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const all = readdirSync(assets);
  const chunkOf = (module: string): string => {
    const found = all.find((name) => name.startsWith(`${module}-`) && name.endsWith('.js'));
    if (!found) throw new Error(`no chunk for ${module} in ${assets}`);
    return found;
  };
  const brotliKb = (name: string): number => {
    const file = join(assets, name);
    const size = existsSync(`${file}.br`)
      ? readFileSync(`${file}.br`).length
      : brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    return size / 1024;
  };
  const closure = (roots: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const next of staticImports(readFileSync(join(assets, name), 'utf8'))) visit(next);
    };
    roots.forEach(visit);
    return seen;
  };
  const routeKb = (routeModules: string[]) => {
    const files = closure([...entry, ...routeModules.map(chunkOf)]);
    return round(
      [...files].reduce((sum, name) => sum + brotliKb(name), 0),
      1,
    );
  };
  const signIn = routeKb(['LoginPage']);
  const dashboard = routeKb(['RequireAuth', 'WithDashboardTour', 'DashboardPage']);
  const everything = round(
    all.filter((name) => name.endsWith('.js')).reduce((sum, name) => sum + brotliKb(name), 0),
    1,
  );
  return [
    atMost('web app: JS of a cold load of the sign-in page (brotli)', signIn, 'KB', FIRST_ROUTE_TARGET_KB),
    atMost('web app: JS of a cold load of the dashboard, signed in (brotli)', dashboard, 'KB', FIRST_ROUTE_TARGET_KB),
    info('web app: JS of every route (brotli)', everything, 'KB'),
  ];
}
