/**
 * Side menu (SPEC §2.3): the space identity, the space selector (two spaces or more) and the entries of the current
 * space. On mobile the menu lives in a slide-over; a menu action there runs 350 ms after the menu starts closing
 * (SPEC §9).
 */
import { lazy, type MouseEvent, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/session';
import { cn } from '../../shared/lib/cn';
import { menuActionDelay } from '../../shared/lib/media';
import { menuItemsFor } from './menu-items';
import { SpaceIdentity } from './space-identity';
import { showsSpaceSelector } from './space-switch';

/** Loaded only for the users who hold two spaces or more (its select stays out of the shell bundle). */
const SpaceSelector = lazy(async () => ({ default: (await import('./space-selector')).SpaceSelector }));

export interface SidebarProps {
  /** Closes the mobile menu (absent on desktop). */
  onNavigate?: () => void;
}

/** The menu content shared by the fixed desktop sidebar and the mobile slide-over. */
export function Sidebar({ onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { actor, me } = useSession();
  const navigate = useNavigate();
  const items = menuItemsFor(actor);

  const onClick = (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (!onNavigate) return;
    const delay = menuActionDelay();
    onNavigate();
    if (delay > 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
      event.preventDefault();
      setTimeout(() => void navigate(to), delay);
    }
  };

  return (
    <div className="flex h-full flex-col">
      <SpaceIdentity />
      {showsSpaceSelector(me) ? (
        <Suspense fallback={<div className="h-[75px] border-b border-gray-200" />}>
          <SpaceSelector />
        </Suspense>
      ) : null}
      <nav aria-label={t('layout:menu.label')} className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.id}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  onClick={(event) => onClick(event, item.to)}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors',
                      'focus-visible:ring-2 focus-visible:ring-brand-600',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <Icon size={18} aria-hidden className={isActive ? 'text-brand-700' : 'text-gray-500'} />
                      {t(item.labelKey)}
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
