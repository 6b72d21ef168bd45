/** Applies the guard rules of SPEC §2.2 to one route of the table before rendering its screen. */
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../shared/auth/session';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { decideAccess, LOGIN_PATH, type RouteAction } from './guards';

/** Renders `children` when the session may see the route, a loader while it is unknown, else redirects. */
export function RouteGuard({ action, children }: { action: RouteAction; children: ReactNode }) {
  const { status, actor } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  const decision = decideAccess(action, status, actor);
  if (decision.kind === 'wait') return <FullPageLoader label={t('layout:loading')} />;
  if (decision.kind === 'redirect') {
    const state = decision.to === LOGIN_PATH ? { from: `${location.pathname}${location.search}` } : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  return <Suspense fallback={<FullPageLoader />}>{children}</Suspense>;
}
