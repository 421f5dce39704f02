import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** where the dev server proxies the API and the socket; the server of `npm start` by default */
const backend = process.env.STRAMIEN_API_URL ?? 'http://localhost:8080';

/** files below this size are not worth a compressed twin (one packet either way) */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of
 * `dist/assets` once the bundle is written; the server sends them by Accept-Encoding
 * (packages/infra/src/http/server.ts). Node's own zlib: no dependency, and the best settings cost nothing at
 * request time (see docs/architecture-notes.md, "Web assets").
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'stramien-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = join(outDir, 'assets');
      const files = (await readdir(assets)).filter((name) => COMPRESSIBLE.test(name));
      const br = promisify(brotliCompress);
      const gz = promisify(gzip);
      await Promise.all(
        files.map(async (name) => {
          const content = await readFile(join(assets, name));
          if (content.length < COMPRESS_MIN_BYTES) return;
          const [brotli, gzipped] = await Promise.all([
            br(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gz(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(join(assets, `${name}.br`), brotli), writeFile(join(assets, `${name}.gz`), gzipped)]);
        }),
      );
    },
  };
};

/**
 * react-router 7 points every export condition at `dist/development` (remix-run/react-router#12532, #14102), whose
 * only difference from `dist/production` is `ENABLE_DEV_WARNINGS = true`: development warnings (and their texts)
 * in the production bundle. The build resolves `react-router` and `react-router/dom` to the production files; the
 * dev server and the tests keep the development build and its warnings.
 */
const reactRouterProduction = (): Plugin => {
  const production = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'stramien-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(production, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(production, 'dom-export.mjs') },
        ],
      },
    }),
  };
};

/** the shape of every Blueprint icon name (all 706 of @blueprintjs/icons 6 match it) */
const ICON_NAME_SHAPE = '/^[a-z0-9]+(-[a-z0-9]+)*$/';

/**
 * Blueprint core's `Icon` imports the icon loader (`Icons`), whose module imports the list of all icon names
 * (`iconNames.js`: 706 names and `change-case`, 7-8 KB brotli) for two uses: `isValidIconName` (a `Set` lookup) and
 * `loadAll`. The loader offers no option to leave it out (`Icons.setLoaderOptions` replaces the paths loader only),
 * so the build rewrites those two uses in `iconLoader.js`: a name is valid when it has the shape of an icon name (a
 * name of that shape that is no icon finds no paths, and the `Icon` shows nothing, as for an unknown name), and
 * `loadAll` imports the list when called. Every other behaviour of the loader is unchanged. The rewrite checks the
 * text it replaces: a Blueprint upgrade that changes it fails the build instead of bringing the list back silently.
 * The dev server and the tests keep the original module.
 */
const blueprintIconNamesOnDemand = (): Plugin => {
  const rewrites: [string, string][] = [
    ['import { IconNames, IconNamesSet } from "./iconNames";', ''],
    ['const allIcons = Object.values(IconNames);', 'const allIcons = Object.values((await import("./iconNames")).IconNames);'],
    ['return IconNamesSet.has(iconName);', `return typeof iconName === "string" && ${ICON_NAME_SHAPE}.test(iconName);`],
  ];
  let rewritten = false;
  return {
    name: 'stramien-blueprint-icon-names-on-demand',
    apply: 'build',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/@blueprintjs/icons/lib/esm/iconLoader.js')) return null;
      let out = code;
      for (const [from, to] of rewrites) {
        if (!out.includes(from)) this.error(`@blueprintjs/icons' iconLoader.js changed: "${from}" not found (see vite.config.ts)`);
        out = out.replace(from, to);
      }
      if (/\bIconNames(Set)?\b/.test(out.replace(/\(await import\("\.\/iconNames"\)\)\.IconNames/, ''))) {
        this.error(`@blueprintjs/icons' iconLoader.js still uses the icon name list (see vite.config.ts)`);
      }
      rewritten = true;
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (!error && !rewritten) this.error("@blueprintjs/icons' iconLoader.js was not found to rewrite (see vite.config.ts)");
    },
  };
};

/**
 * The web app's build and dev server. The root vitest.config.ts extends this file for its `web` project.
 *
 * One React: Blueprint's react-popper declares react <= 18 as a peer; the root package.json's `overrides`
 * make npm install a single react 19, and `dedupe` keeps every import on that copy.
 */
export default defineConfig({
  plugins: [react(), reactRouterProduction(), blueprintIconNamesOnDemand(), precompress()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/oauth': { target: backend, changeOrigin: true },
      '/ws': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // React and the router change rarely: a long-lived chunk of their own. (Blueprint stays in the main chunk:
        // a manual chunk would drag in every icon path its icon loader can reach.)
        manualChunks: (id) =>
          /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id) ? 'react' : undefined,
      },
    },
  },
  test: {
    // prebundle the React libraries for jsdom so they share one react (see above)
    deps: {
      optimizer: {
        web: {
          enabled: true,
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            '@blueprintjs/core',
            '@blueprintjs/icons',
            '@testing-library/react',
            '@tanstack/react-query',
            '@xstate/react',
            'react-i18next',
            'react-router-dom',
          ],
        },
      },
    },
  },
});
