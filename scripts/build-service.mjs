// Bundles a service (src/main.ts and any other entry in src/*.ts listed below) into dist/ with esbuild.
// Workspace packages (@stramien/*) are bundled from their TypeScript source; npm dependencies stay external.
// Every thread module of the repository (`*.worker.ts`, started by packages/infra/src/threads/moduleWorker.ts) is
// bundled beside them as dist/<name>.worker.js, where startModuleWorker looks for it (docs/threads.md).
import { build } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const threadModules = ['packages', 'services']
  .flatMap((area) => readdirSync(join(root, area)).map((name) => join(root, area, name, 'src')))
  .filter((src) => existsSync(src))
  .flatMap((src) => readdirSync(src, { recursive: true, encoding: 'utf8' }).map((file) => join(src, file)))
  .filter((file) => file.endsWith('.worker.ts') && !file.includes('/testing/'));
const names = threadModules.map((file) => basename(file, '.ts'));
const twice = names.find((name, i) => names.indexOf(name) !== i);
if (twice) throw new Error(`two thread modules are named ${twice}.ts: dist/ holds one of each name`);

const entries = [
  ...['src/main.ts', 'src/rebuild.ts', 'src/allInOne.ts'].filter((f) => existsSync(f)).map((f) => ({ in: f, out: basename(f, '.ts') })),
  ...threadModules.map((file) => ({ in: file, out: basename(file, '.ts') })),
];
await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@stramien/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
