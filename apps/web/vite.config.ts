import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** where the dev server proxies the API and the socket; the server of `npm start` by default */
const backend = process.env.STRAMIEN_API_URL ?? 'http://localhost:8080';

/**
 * The web app's build and dev server. The root vitest.config.ts extends this file for its `web` project.
 *
 * One React: Blueprint's react-popper declares react <= 18 as a peer; the root package.json's `overrides`
 * make npm install a single react 19, and `dedupe` keeps every import on that copy.
 */
export default defineConfig({
  plugins: [react()],
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
