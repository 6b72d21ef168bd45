/**
 * Profile dropdown of the header (SPEC §2.3): the user's name and e-mail, 'My profile' (opens the profile panel of
 * SPEC §2.6) and Logout. The panel's code is loaded on first use, outside the shell bundle (ARCHITECTURE §6).
 */
import { PROFILE_PANEL_CLOSE_DELAY_MS } from '@isoptera/contracts';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../shared/auth/session';
import { useEvent } from '../../shared/lib/events';
import { initialsOf } from '../../shared/ui/space-logo';

const ProfilePanel = lazy(async () => ({
  default: (await import('../../features/profile/components/profile-panel')).ProfilePanel,
}));

/**
 * The profile panel while it is open, and for PROFILE_PANEL_CLOSE_DELAY_MS (500 ms, SPEC §9) after it closes so that
 * it slides out; then it unmounts, and the next opening starts afresh (skeleton, current user asked for again).
 */
export function useProfilePanel(): { isOpen: boolean; isMounted: boolean; open: () => void; close: () => void } {
  const [isOpen, setOpen] = useState(false);
  const [isMounted, setMounted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    isOpen,
    isMounted,
    open: () => {
      clearTimeout(timer.current);
      setMounted(true);
      setOpen(true);
    },
    close: () => {
      setOpen(false);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setMounted(false), PROFILE_PANEL_CLOSE_DELAY_MS);
    },
  };
}

/** The avatar button and its menu. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { me } = useSession();
  const logout = useLogout();
  const panel = useProfilePanel();
  useEvent('openProfilePanel', () => panel.open());
  if (!me) return null;
  const fullName = `${me.firstname} ${me.lastname}`.trim();
  return (
    <>
      <MenuTrigger>
        <AriaButton className="flex items-center gap-2 rounded-md py-1 pr-1 pl-1 text-sm text-gray-800 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600 sm:pr-2">
          <span
            aria-hidden
            className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
            style={me.color ? { backgroundColor: me.color } : undefined}
          >
            {initialsOf(fullName)}
          </span>
          {/* the name is the button's accessible name (label in name): visible from md, screen-reader only below */}
          <span className="sr-only max-w-40 truncate font-medium md:not-sr-only">{fullName}</span>
          <ChevronDown size={16} aria-hidden className="hidden text-gray-500 md:inline" />
        </AriaButton>
        <Popover
          placement="bottom end"
          className="min-w-60 rounded-lg border border-gray-200 bg-white p-1 shadow-lg outline-none"
        >
          <Menu
            className="outline-none"
            onAction={(key) => {
              if (key === 'profile') panel.open();
              else if (key === 'logout') void logout();
            }}
          >
            <MenuSection>
              <Header className="px-3 py-2">
                <span className="block truncate text-sm font-semibold text-gray-900">{fullName}</span>
                <span className="block truncate text-xs text-gray-600">{me.email}</span>
              </Header>
            </MenuSection>
            <Separator className="my-1 border-t border-gray-200" />
            <MenuSection>
              <MenuItem
                id="profile"
                textValue={t('profile:menu.myProfile')}
                className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100"
              >
                <UserRound size={16} aria-hidden className="text-gray-500" />
                {t('profile:menu.myProfile')}
              </MenuItem>
              <MenuItem
                id="logout"
                textValue={t('layout:profile.logout')}
                className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100"
              >
                <LogOut size={16} aria-hidden className="text-gray-500" />
                {t('layout:profile.logout')}
              </MenuItem>
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
      {panel.isMounted ? (
        <Suspense fallback={null}>
          <ProfilePanel isOpen={panel.isOpen} onOpenChange={(open) => (open ? panel.open() : panel.close())} />
        </Suspense>
      ) : null}
    </>
  );
}
