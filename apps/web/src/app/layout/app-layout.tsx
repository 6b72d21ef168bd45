/**
 * The application shell (SPEC §2.3, ARCHITECTURE §7): fixed sidebar on desktop (≥ 1024 px), slide-over on mobile,
 * the substitution strip and the header (hidden alone on a route whose handle says `hideHeader`, SPEC §2.3), main
 * scroll area with the 'hit bottom' flag (within 15 px of the bottom; reset and scrolled to top on every
 * route change), legal footer (below the fold until scrolled to, so that it never shifts the layout), the intervention
 * panel (mounted once, on first use), and the logout loader (SPEC §4 "Logout").
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useServerEvents } from '../../features/alerts/lib/use-server-events';
import { useSession } from '../../shared/auth/session';
import { HitBottomContext, isNearBottom } from '../../shared/lib/hit-bottom';
import { FullPageLoader } from '../../shared/ui/full-page-loader';
import { SlideOver } from '../../shared/ui/slide-over';
import { headerHidden } from '../route-handle';
import { Header } from './header';
import { InterventionPanelHost } from './intervention-panel-host';
import { LegalFooter } from './legal-footer';
import { Sidebar } from './sidebar';
import { SubstitutionBanner } from './substitution-banner';

/** Layout of every screen of a logged-in user (the outlet renders the screen). */
export function AppLayout() {
  const { t } = useTranslation();
  const { isLoggingOut } = useSession();
  const location = useLocation();
  const hideHeader = headerHidden(useMatches());
  const mainRef = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [hitBottom, setHitBottom] = useState(false);
  useServerEvents(); // live refresh of the lists on alerts (PCO owners and managers)

  // each route change: back to the top, flag lowered (SPEC §2.3)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => {
    mainRef.current?.scrollTo({ top: 0 });
    setHitBottom(false);
  }, [location.pathname]);

  const onScroll = useCallback(() => {
    const main = mainRef.current;
    if (main && isNearBottom(main)) setHitBottom(true);
  }, []);

  const resetHitBottom = useCallback(() => setHitBottom(false), []);
  const hitBottomState = useMemo(() => ({ hitBottom, resetHitBottom }), [hitBottom, resetHitBottom]);

  return (
    <HitBottomContext.Provider value={hitBottomState}>
      <div className="flex h-dvh overflow-hidden bg-gray-100">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
        >
          {t('layout:skipToContent')}
        </a>
        <aside className="hidden w-64 shrink-0 border-r border-gray-200 bg-white lg:block">
          <Sidebar />
        </aside>
        <SlideOver
          isOpen={menuOpen}
          onOpenChange={setMenuOpen}
          side="left"
          size="sm"
          title={t('layout:menu.label')}
          hideTitle
        >
          <div className="-mx-5 -my-4 h-full">
            <Sidebar onNavigate={() => setMenuOpen(false)} />
          </div>
        </SlideOver>
        <div className="flex min-w-0 flex-1 flex-col">
          <SubstitutionBanner />
          {hideHeader ? null : <Header onOpenMenu={() => setMenuOpen(true)} />}
          <main
            id="main-content"
            ref={mainRef}
            onScroll={onScroll}
            tabIndex={-1}
            aria-busy={isLoggingOut || undefined}
            // `relative`: the containing block of what the screens position absolutely — the visually hidden labels
            // (`sr-only`) above all — so that they scroll with the content instead of stretching the document: a
            // phone's scroll past the end of Home showed an empty page as tall as the list
            className="relative flex min-h-0 flex-1 flex-col overflow-y-auto outline-none"
          >
            {/* at least the height of the scroll area: the footer starts below the fold and never moves into view
                when the screen's content arrives (issue 11: it shifted Home's layout, CLS 0.20); its height follows
                the content past that (no flex-1: a 0 basis let a long form run under the footer) */}
            <div className="mx-auto flex min-h-full w-full max-w-7xl shrink-0 flex-col px-4 py-6 lg:px-8">
              {isLoggingOut ? (
                <FullPageLoader label={t('layout:profile.loggingOut')} />
              ) : (
                <Suspense fallback={<FullPageLoader />}>
                  <Outlet />
                </Suspense>
              )}
            </div>
            <LegalFooter />
          </main>
        </div>
      </div>
      <InterventionPanelHost />
    </HitBottomContext.Provider>
  );
}
