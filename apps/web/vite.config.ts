import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { blueprintIconNamesOnDemand } from './src/build/blueprintIconNames';

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
