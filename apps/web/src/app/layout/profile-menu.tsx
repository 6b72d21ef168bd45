/** Profile dropdown of the header (SPEC §2.3): the user's name and e-mail, and Logout. */
import { ChevronDown, LogOut } from 'lucide-react';
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
import { initialsOf } from './space-identity';

/** The avatar button and its menu. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { me } = useSession();
  const logout = useLogout();
  if (!me) return null;
  const fullName = `${me.firstname} ${me.lastname}`.trim();
  return (
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
        <Menu className="outline-none" onAction={(key) => (key === 'logout' ? void logout() : undefined)}>
          <MenuSection>
            <Header className="px-3 py-2">
              <span className="block truncate text-sm font-semibold text-gray-900">{fullName}</span>
              <span className="block truncate text-xs text-gray-600">{me.email}</span>
            </Header>
          </MenuSection>
          <Separator className="my-1 border-t border-gray-200" />
          <MenuSection>
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
  );
}
