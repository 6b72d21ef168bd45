/**
 * Vite configuration of the web app (ARCHITECTURE §2 "Web"): React, Tailwind CSS 4, a dev proxy to the API server
 * on port 3000, the build in `apps/web/dist` (served by the server), route-level code splitting (see src/app/router.tsx).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Writes the application version into `index.html` (`data-version` of the root element, SPEC §7). */
function appVersion(): Plugin {
  return {
    name: 'isoptera-app-version',
    transformIndexHtml: (html) => html.replaceAll('__APP_VERSION__', version),
  };
}

const proxied = ['/api', '/security', '/healthz', '/uploads'];

/** react-router 7 exports only its development build; the production build drops dev-only checks and warnings. */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), appVersion()],
  resolve: {
    alias:
      command === 'build' && existsSync(reactRouterProduction)
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // the contract's modules only declare schemas and constants: a screen gets the zod schemas it uses, not all
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
}));
