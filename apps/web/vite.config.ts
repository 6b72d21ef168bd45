/**
 * Vite configuration of the web app (ARCHITECTURE §2 "Web"): React, Tailwind CSS 4, a dev proxy to the API server
 * on port 3000, the build in `apps/web/dist` (served by the server), route-level code splitting (see src/app/router.tsx),
 * two lazily loaded chunks of catalogues per language (start and shell groups, src/shared/i18n/catalogue-groups.ts),
 * a manifest for the bundle budget check (scripts/bundle-size.mjs) and `.br`/`.gz` copies of every compressible file
 * (build/precompress-plugin.ts), sent as they are by the server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress-plugin';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Writes the application version into `index.html` (`data-version` of the root element, SPEC §7). */
function appVersion(): Plugin {
  return {
    name: 'isoptera-app-version',
    transformIndexHtml: (html) => html.replaceAll('__APP_VERSION__', version),
  };
}

/**
 * `use-sync-external-store/shim` (for React < 18, imported by react-i18next and React Aria) → React's own hook: the
 * shim's code leaves the bundles, the start-up one included (ARCHITECTURE §6 budgets).
 */
function nativeUseSyncExternalStore(): Plugin {
  const id = '\0isoptera-use-sync-external-store';
  return {
    name: 'isoptera-native-use-sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (/^use-sync-external-store\/shim(?:\/index\.js)?$/.test(source) ? id : null),
    load: (loaded) => (loaded === id ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

const proxied = ['/api', '/security', '/healthz', '/uploads'];

/** A bundled catalogue, `packages/i18n/locales/<lang>/<namespace>.json`. */
const LOCALE_FILE = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/;

/** The namespaces of the start group of catalogues (src/shared/i18n/catalogue-groups.ts). */
const START_NAMESPACES = JSON.parse(
  readFileSync(new URL('./src/shared/i18n/start-namespaces.json', import.meta.url), 'utf8'),
) as string[];

/** The namespaces loaded on demand, each in chunks of their own (src/shared/i18n/on-demand-catalogue.ts). */
const ON_DEMAND_NAMESPACES = JSON.parse(
  readFileSync(new URL('./src/shared/i18n/on-demand-namespaces.json', import.meta.url), 'utf8'),
) as string[];

/**
 * The chunk of a catalogue file: `locale-<lang>` for the start group (the catalogue the app starts with, counted by
 * scripts/bundle-size.mjs), `shell-locale-<lang>` for the shell group, `<namespace>-<lang>` for a namespace loaded on demand;
 * null for any other module.
 */
function localeChunkName(id: string): string | null {
  const [, language, namespace] = LOCALE_FILE.exec(id) ?? [];
  if (!language || !namespace) return null;
  // texts loaded on demand by the screens that show them (src/shared/i18n/on-demand-catalogue.ts)
  if (ON_DEMAND_NAMESPACES.includes(namespace)) return `${namespace}-${language}`;
  return START_NAMESPACES.includes(namespace) ? `locale-${language}` : `shell-locale-${language}`;
}

/** react-router 7 exports only its development build; the production build drops dev-only checks and warnings. */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * Leaflet's ES module build: Leaflet's `main` is a UMD file, whose CommonJS interop helpers, once the Leaflet chunk is
 * shared by the two maps (issue 5's equipment map, issue 15's sites map), moved the bundler's runtime out of the
 * start-up chunks (+0.4 kB on the login route). The maps import it as `* as L`.
 */
const leafletModule = fileURLToPath(new URL('../../node_modules/leaflet/dist/leaflet-src.esm.js', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [nativeUseSyncExternalStore(), react(), tailwindcss(), appVersion(), precompress()],
  resolve: {
    alias: [
      ...(command === 'build' && existsSync(reactRouterProduction)
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
      { find: /^leaflet$/, replacement: leafletModule },
    ],
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
    // dist/.vite/manifest.json: the chunks of each route, read by scripts/bundle-size.mjs (ARCHITECTURE §6 budgets)
    manifest: true,
    rolldownOptions: {
      output: {
        // seven-character content hashes (64⁷ names: no collision among a few hundred files): the entry lists every
        // lazy chunk's file for preloading, and random hash characters do not compress
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // one chunk per language and group for the lazily loaded catalogues (src/shared/i18n/resources.ts)
        codeSplitting: { groups: [{ name: localeChunkName, debugName: 'locales', test: LOCALE_FILE }] },
      },
    },
  },
}));
