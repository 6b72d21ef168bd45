/** Header (SPEC §2.3): burger, global search and 'new visit' (PCO space only), about menu, profile dropdown. */
import { Menu as MenuIcon, Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session';
import { emit } from '../../shared/lib/events';
import { Button } from '../../shared/ui/button';
import { AboutMenu } from './about-menu';
import { showsPcoTools } from './menu-items';
import { ProfileMenu } from './profile-menu';

const GlobalSearch = lazy(async () => ({
  default: (await import('../../features/search/components/global-search')).GlobalSearch,
}));

export interface HeaderProps {
  onOpenMenu: () => void;
}

/** The top bar of the layout. */
export function Header({ onOpenMenu }: HeaderProps) {
  const { t } = useTranslation();
  const { actor } = useSession();
  const pcoTools = showsPcoTools(actor);
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-gray-200 bg-white px-3 sm:gap-3 sm:px-4 lg:px-6">
      <AriaButton
        onPress={onOpenMenu}
        aria-label={t('layout:menu.open')}
        className="rounded-md p-2 text-gray-700 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600 lg:hidden"
      >
        <MenuIcon size={22} aria-hidden />
      </AriaButton>
      <div className="min-w-0 flex-1">
        {pcoTools ? (
          <Suspense fallback={<div className="h-9 max-w-md rounded-md bg-gray-100" />}>
            <GlobalSearch />
          </Suspense>
        ) : null}
      </div>
      {pcoTools ? (
        <Button
          onPress={() => emit('openInterventionPanel', {})}
          icon={<Plus size={18} aria-hidden />}
          aria-label={t('layout:header.newVisit')}
          className="px-2.5 sm:px-4"
        >
          <span className="hidden sm:inline">{t('layout:header.newVisit')}</span>
        </Button>
      ) : null}
      <AboutMenu />
      <ProfileMenu />
    </header>
  );
}
