/** Vitest set-up of the web project: DOM clean-up between tests and English texts for readable assertions. */
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    // list screens keep their filters for the session (shared/forms/use-kept-search-params): each test starts anew
    window.sessionStorage.clear();
  });
  // findBy*/waitFor wait 1 s by default: too short when 25 files share the 2 cores of the CI machines
  configure({ asyncUtilTimeout: 5_000 });
  const { changeLanguage } = await import('../shared/i18n/i18n');
  await changeLanguage('en');
  // screens and components whose texts load on demand are tested without their wrapper (features/alerts/index.ts,
  // the router's lazy pages): their texts are loaded here, as the wrapper would
  const { loadOnDemandCatalogue } = await import('../shared/i18n/on-demand-catalogue');
  await Promise.all(
    (['alerts', 'users', 'spaces', 'spaceParameters', 'clients', 'sites', 'planning', 'interventions'] as const).map(
      (namespace) => loadOnDemandCatalogue(namespace, 'en'),
    ),
  );
}
