import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { atMost, info, round, type BenchFigure } from './figures';

export interface WebAssetsBenchOptions {
  /** the built web app; default apps/web/dist (built first when missing) */
  dist?: string;
  log?: (line: string) => void;
}

/** what a cold load of a route must fetch, in KB of brotli */
const FIRST_ROUTE_TARGET_KB = 170;

/** the package (or app folder) a source of the source map belongs to */
const ownerOf = (source: string): string => {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const [scope, name] = source.slice(at + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  return /(packages\/[^/]+|apps\/web\/src)/.exec(source)?.[1] ?? 'other';
};

/**
 * The profile of a set of built chunks: each generated character is given to the source it maps to (the build's
 * source maps), grouped by package, and each package's share is compressed on its own with brotli. Shares compress
 * a little better together, so the parts add up to slightly more than the whole.
 */
const profileOf = (assets: string, files: Iterable<string>): Map<string, number> => {
  const parts = new Map<string, string[]>();
  for (const name of files) {
    const code = readFileSync(join(assets, name), 'utf8');
    const mapFile = join(assets, `${name}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    const lines = code.split('\n');
    decode(map.mappings).forEach((segments, index) => {
      const line = lines[index] ?? '';
      segments.forEach((segment, i) => {
        const owner = segment.length > 1 ? ownerOf(map.sources[segment[1]!] ?? '') : 'other';
        const end = i + 1 < segments.length ? segments[i + 1]![0] : line.length;
        const list = parts.get(owner) ?? [];
        list.push(line.slice(segment[0], end));
        parts.set(owner, list);
      });
    });
  }
  return new Map(
    [...parts].map(([owner, texts]) => [
      owner,
      brotliCompressSync(Buffer.from(texts.join('')), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024,
    ]),
  );
};

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
  const routeFiles = (routeModules: string[]) => closure([...entry, ...routeModules.map(chunkOf)]);
  const routeKb = (routeModules: string[]) => {
    const files = routeFiles(routeModules);
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
  // where the sign-in page's kilobytes come from: the profile that explains a miss of the target
  const profile = [...profileOf(assets, routeFiles(['LoginPage']))].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return [
    atMost('web app: JS of a cold load of the sign-in page (brotli)', signIn, 'KB', FIRST_ROUTE_TARGET_KB),
    ...profile.map(([owner, kb]) => info(`web app: sign-in page, of which ${owner} (brotli, compressed alone)`, round(kb, 1), 'KB')),
    atMost('web app: JS of a cold load of the dashboard, signed in (brotli)', dashboard, 'KB', FIRST_ROUTE_TARGET_KB),
    info('web app: JS of every route (brotli)', everything, 'KB'),
  ];
}
