/**
 * About menu of the header (SPEC §2.3, §2.7): Forum (new tab), About, FAQ, the web-app tutorial, CGU, Privacy and
 * the legal notice.
 */
import { CircleQuestionMark, ExternalLink } from 'lucide-react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

const itemClasses =
  'flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100';

/** A help icon opening the about links. */
export function AboutMenu() {
  const { t } = useTranslation();
  return (
    <MenuTrigger>
      <AriaButton
        aria-label={t('layout:about.label')}
        className="rounded-md p-2 text-gray-600 outline-none hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <CircleQuestionMark size={20} aria-hidden />
      </AriaButton>
      <Popover
        placement="bottom end"
        className="min-w-52 rounded-lg border border-gray-200 bg-white p-1 shadow-lg outline-none"
      >
        <Menu className="outline-none">
          <MenuItem
            href="/forum"
            target="_blank"
            rel="noopener noreferrer"
            textValue={t('layout:about.forum')}
            className={itemClasses}
          >
            {t('layout:about.forum')}
            <ExternalLink size={14} className="text-gray-500" aria-label={t('layout:about.newTab')} />
          </MenuItem>
          <MenuItem href="/about" className={itemClasses}>
            {t('layout:about.about')}
          </MenuItem>
          <MenuItem href="/faq" className={itemClasses}>
            {t('layout:about.faq')}
          </MenuItem>
          <MenuItem href="/tutorial" className={itemClasses}>
            {t('layout:about.tutorial')}
          </MenuItem>
          <MenuItem href="/cgu" className={itemClasses}>
            {t('layout:about.cgu')}
          </MenuItem>
          <MenuItem href="/privacy" className={itemClasses}>
            {t('layout:about.privacy')}
          </MenuItem>
          <MenuItem href="/legal-notice" className={itemClasses}>
            {t('layout:about.notice')}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
