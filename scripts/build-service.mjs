// Bundles a service (src/main.ts and any other entry in src/*.ts listed below) into dist/ with esbuild.
// Workspace packages (@stramien/*) are bundled from their TypeScript source; npm dependencies stay external.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const entries = ['src/main.ts', 'src/rebuild.ts', 'src/allInOne.ts'].filter((f) => existsSync(f));
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
