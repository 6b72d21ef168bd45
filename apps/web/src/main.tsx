/**
 * Entry point of the SPA: styles, i18n, router, providers; stores the application version (SPEC §7).
 * The first render waits for the start catalogues of the interface language (loaded lazily, see shared/i18n/i18n.ts),
 * so that no key flashes; meanwhile the page stays empty, the current user (`GET /api/me`) is already asked for and the
 * current screen's code fetched (`preloadRoute`).
 * TanStack Query and the catalogues of the authenticated screens come with the session (see app/providers.tsx).
 */
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, loadQueryClient, wireHttpClient } from './app/providers';
import { createAppRouter, preloadRoute } from './app/router';
import { loadMe } from './features/auth/api/get-me';
import { startI18n } from './shared/i18n/i18n';

const VERSION_STORAGE_KEY = 'isoptera.version';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

// SPEC §7: the page reads a version from the application root data attribute and stores it in the session
try {
  if (root.dataset.version) window.sessionStorage.setItem(VERSION_STORAGE_KEY, root.dataset.version);
} catch {
  // storage disabled: the version is only informative
}

const router = createAppRouter();
wireHttpClient((to) => void router.navigate(to));

// the session, the language and the current screen's code load in parallel; a screen that needs a session also
// fetches TanStack Query meanwhile, which the session would otherwise ask for only once `GET /api/me` answered
loadMe();
const route = preloadRoute(window.location.pathname);
if (route?.layout === 'shell' && route.action !== 'public') loadQueryClient().catch(() => undefined);

void startI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
