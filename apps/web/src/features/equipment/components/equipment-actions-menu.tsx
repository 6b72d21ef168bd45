/**
 * The actions menu of an equipment row (SPEC §3 "Equipment"): edit, view the pictures, issue a new device credential
 * (gateways only), remove. A '⋯' button named 'Actions for <reference>'.
 */
import type { Equipment } from '@isoptera/contracts';
import { Ellipsis, Images, KeyRound, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';

export type EquipmentAction = 'edit' | 'pictures' | 'rotate' | 'remove';

const ICONS: Record<EquipmentAction, ReactNode> = {
  edit: <Pencil size={16} aria-hidden />,
  pictures: <Images size={16} aria-hidden />,
  rotate: <KeyRound size={16} aria-hidden />,
  remove: <Trash2 size={16} aria-hidden />,
};

export interface EquipmentActionsMenuProps {
  equipment: Equipment;
  onAction: (action: EquipmentAction, equipment: Equipment) => void;
}

/** A menu button with the actions available on this equipment. */
export function EquipmentActionsMenu({ equipment, onAction }: EquipmentActionsMenuProps) {
  const { t } = useTranslation();
  const actions: EquipmentAction[] = ['edit', 'pictures', ...(equipment.kind === 'gateway' ? ['rotate' as const] : [])];
  const item = (action: EquipmentAction, label: string) => (
    <MenuItem
      key={action}
      id={action}
      textValue={label}
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded px-3 py-2 text-sm outline-none data-[focused]:bg-gray-100',
        action === 'remove' ? 'text-red-800' : 'text-gray-800',
      )}
    >
      {ICONS[action]}
      {label}
    </MenuItem>
  );
  return (
    <MenuTrigger>
      <AriaButton
        aria-label={t('equipment:actions.menu', { reference: equipment.reference })}
        className="rounded-md p-1.5 text-gray-600 outline-none hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600 pressed:bg-gray-200"
      >
        <Ellipsis size={18} aria-hidden />
      </AriaButton>
      <Popover
        placement="bottom end"
        className="min-w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg outline-none"
      >
        <Menu className="outline-none" onAction={(key) => onAction(key as EquipmentAction, equipment)}>
          {actions.map((action) =>
            item(
              action,
              action === 'pictures'
                ? t('equipment:actions.pictures', { count: equipment.pictures.length })
                : t(`equipment:actions.${action}`),
            ),
          )}
          <Separator className="my-1 border-t border-gray-200" />
          {item('remove', t('equipment:actions.remove'))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
