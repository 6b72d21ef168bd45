/** Side menu entries per space (SPEC §2.3) and the PCO-only tools (SPEC §2.4). */
import type { CurrentUser } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { actorOf } from '../../shared/auth/actor';
import { menuItemsFor, showsPcoTools } from './menu-items';

const base = {
  pco: null,
  dealer: null,
  connected_on_pco: null,
  connected_on_dealer: null,
} as unknown as CurrentUser;
const actor = (user_type: CurrentUser['user_type'], role: string, extra: Partial<CurrentUser> = {}) =>
  actorOf({ ...base, user_type, role, ...extra });
const ids = (a: ReturnType<typeof actor>) => menuItemsFor(a).map((i) => i.id);

describe('menu by space', () => {
  it('PCO space: Home, Planning, Reports, Sites, Clients, then Users (and the space settings for the owner)', () => {
    expect(ids(actor('pco', 'ROLE_PCO_SPACE_MANAGER'))).toEqual([
      'home',
      'planning',
      'reports',
      'sites',
      'clients',
      'users',
    ]);
    expect(ids(actor('pco', 'ROLE_PCO_SPACE_OWNER'))).toEqual([
      'home',
      'planning',
      'reports',
      'sites',
      'clients',
      'users',
      'spaceParameters',
    ]);
    expect(showsPcoTools(actor('pco', 'ROLE_PCO_SPACE_OWNER'))).toBe(true);
  });

  it('admin space: Dealers, PCOs, Fleet health and Translations; dealer space: PCOs and Fleet health; then Users; no PCO tools', () => {
    expect(ids(actor('admin', 'ROLE_ADMIN_SPACE_SUPER_ADMIN'))).toEqual([
      'dealers',
      'pcos',
      'fleet',
      'translations',
      'users',
    ]);
    // the translation tool is the admin action's (SPEC §2.2 /translations): not the admin space's plain user
    expect(ids(actor('admin', 'ROLE_ADMIN_SPACE_USER'))).not.toContain('translations');
    expect(ids(actor('dealer', 'ROLE_DEALER_SPACE_OWNER'))).toEqual(['pcos', 'fleet', 'users', 'spaceParameters']);
    expect(ids(actor('dealer', 'ROLE_DEALER_SPACE_USER'))).toEqual(['pcos', 'fleet', 'users']);
    expect(showsPcoTools(actor('admin', 'ROLE_ADMIN_SPACE_ADMIN'))).toBe(false);
    expect(showsPcoTools(actor('dealer', 'ROLE_DEALER_SPACE_USER'))).toBe(false);
  });

  it('anyone on substitution gets the menu and tools of the space entered, with its settings', () => {
    const inPco = actor('dealer', 'ROLE_DEALER_SPACE_USER', {
      connected_on_pco: { '@id': '/api/pcos/1', '@type': 'Pco', ulid: '1', name: 'Kyoto', logo: null },
    });
    expect(ids(inPco)).toEqual(['home', 'planning', 'reports', 'sites', 'clients', 'users', 'spaceParameters']);
    expect(showsPcoTools(inPco)).toBe(true);
    const inDealer = actor('admin', 'ROLE_ADMIN_SPACE_ADMIN', {
      connected_on_dealer: { '@id': '/api/dealers/1', '@type': 'Dealer', ulid: '1', name: 'Osaka', logo: null },
    });
    expect(ids(inDealer)).toEqual(['pcos', 'fleet', 'users', 'spaceParameters']);
    expect(showsPcoTools(inDealer)).toBe(false);
  });

  it('a plain PCO user sees one entry, the start page saying what the role allows', () => {
    expect(menuItemsFor(actor('pco', 'ROLE_PCO_SPACE_USER')).map((i) => [i.id, i.to])).toEqual([['start', '/']]);
    expect(ids(actor('admin', 'ROLE_ADMIN_SPACE_USER'))).toEqual([]);
  });

  it('Users (SPEC §2.2 /users: admin, dealer or PCO action) for admins, dealers and PCO owners and managers only', () => {
    const users = (type: CurrentUser['user_type'], role: string) => ids(actor(type, role)).includes('users');
    for (const role of ['ROLE_ADMIN_SPACE_SUPER_ADMIN', 'ROLE_ADMIN_SPACE_ADMIN'])
      expect(users('admin', role)).toBe(true);
    for (const role of ['ROLE_DEALER_SPACE_OWNER', 'ROLE_DEALER_SPACE_USER']) expect(users('dealer', role)).toBe(true);
    for (const role of ['ROLE_PCO_SPACE_OWNER', 'ROLE_PCO_SPACE_MANAGER']) expect(users('pco', role)).toBe(true);
    expect(users('admin', 'ROLE_ADMIN_SPACE_USER')).toBe(false);
    expect(users('pco', 'ROLE_PCO_SPACE_TECHNICIAN')).toBe(false);
    expect(users('pco', 'ROLE_PCO_SPACE_USER')).toBe(false);
  });
});
