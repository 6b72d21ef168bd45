/**
 * Side menu entries by space (SPEC §2.3): PCO space → Home (overview), Planning, Reports, Sites, Clients; admin space →
 * Dealers, PCOs, Fleet health (issue 15), Translations (issue 14); dealer space → PCOs, Fleet health; then the common entries: Users (admin, dealer or PCO action, SPEC §2.2
 * `/users`) and SpaceParameters (a PCO owner, a dealer owner, or anyone on substitution, whose effective role is owner).
 */
import { ACTIONS, type Action } from '@isoptera/contracts';
import {
  Building,
  CalendarDays,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  Settings,
  Store,
  UserCog,
  Users,
} from 'lucide-react';
import { type Actor, actorHasAction } from '../../shared/auth/actor';
import { isPlainPcoMember } from '../guards';

export interface MenuItem {
  id: string;
  to: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: LucideIcon;
  /** The actor must hold one of these actions… */
  anyOf: readonly Action[];
  /** …or pass this test (an entry for an actor who holds no action). */
  when?: (actor: Actor | null) => boolean;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  // a plain PCO member holds no action: their one entry is the page of BaseRoute saying what they can do
  {
    id: 'start',
    to: '/',
    labelKey: 'layout:menu.home',
    icon: LayoutDashboard,
    anyOf: [],
    when: isPlainPcoMember,
  },
  { id: 'home', to: '/home', labelKey: 'layout:menu.home', icon: LayoutDashboard, anyOf: [ACTIONS.PCO_ACTION] },
  {
    id: 'planning',
    to: '/planning',
    labelKey: 'layout:menu.planning',
    icon: CalendarDays,
    anyOf: [ACTIONS.PCO_ACTION],
  },
  { id: 'reports', to: '/reports', labelKey: 'layout:menu.reports', icon: FileText, anyOf: [ACTIONS.PCO_ACTION] },
  { id: 'sites', to: '/sites', labelKey: 'layout:menu.sites', icon: MapPin, anyOf: [ACTIONS.PCO_ACTION] },
  { id: 'clients', to: '/clients', labelKey: 'layout:menu.clients', icon: Users, anyOf: [ACTIONS.PCO_ACTION] },
  { id: 'dealers', to: '/dealers', labelKey: 'layout:menu.dealers', icon: Store, anyOf: [ACTIONS.ADMIN_ACTION] },
  {
    id: 'pcos',
    to: '/pcos',
    labelKey: 'layout:menu.pcos',
    icon: Building,
    anyOf: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION],
  },
  // the fleet health of the PCOs (issue 15 "The overview per space"): the overview of dealers and admins
  {
    id: 'fleet',
    to: '/fleet',
    labelKey: 'layout:menu.fleet',
    // the overview's icon (the PCO Home's): no new icon in the shell's budget
    icon: LayoutDashboard,
    anyOf: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION],
  },
  {
    id: 'translations',
    to: '/translations',
    labelKey: 'layout:menu.translations',
    icon: FileText,
    anyOf: [ACTIONS.ADMIN_ACTION],
  },
  // the common entry of every space (SPEC §2.3 "The Users entry is in the common footer/menu")
  {
    id: 'users',
    to: '/users',
    labelKey: 'layout:menu.users',
    icon: UserCog,
    anyOf: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION, ACTIONS.PCO_ACTION],
  },
  {
    id: 'spaceParameters',
    to: '/space-parameters',
    labelKey: 'layout:menu.spaceParameters',
    icon: Settings,
    anyOf: [ACTIONS.DEALER_OWNER, ACTIONS.PCO_OWNER],
  },
];

/** The entries the actor may use, in menu order (SPEC §2.3). */
export function menuItemsFor(actor: Actor | null): MenuItem[] {
  return MENU_ITEMS.filter(
    (item) => item.anyOf.some((action) => actorHasAction(actor, action)) || (item.when?.(actor) ?? false),
  );
}

/** `true` when the actor works in a PCO space with the PCO action: search and 'new visit' are shown (SPEC §2.4, §6). */
export function showsPcoTools(actor: Actor | null): boolean {
  return actor?.userType === 'pco' && actorHasAction(actor, ACTIONS.PCO_ACTION);
}
