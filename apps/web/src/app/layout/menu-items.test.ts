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
  it('PCO space: Home, Planning, Sites, Clients', () => {
    expect(ids(actor('pco', 'ROLE_PCO_SPACE_MANAGER'))).toEqual(['home', 'planning', 'sites', 'clients']);
    expect(showsPcoTools(actor('pco', 'ROLE_PCO_SPACE_OWNER'))).toBe(true);
  });

  it('admin space: Dealers and PCOs; dealer space: PCOs only; no PCO tools', () => {
    expect(ids(actor('admin', 'ROLE_ADMIN_SPACE_SUPER_ADMIN'))).toEqual(['dealers', 'pcos']);
    expect(ids(actor('dealer', 'ROLE_DEALER_SPACE_OWNER'))).toEqual(['pcos']);
    expect(showsPcoTools(actor('admin', 'ROLE_ADMIN_SPACE_ADMIN'))).toBe(false);
    expect(showsPcoTools(actor('dealer', 'ROLE_DEALER_SPACE_USER'))).toBe(false);
  });

  it('a dealer substituting into a PCO gets the PCO menu and tools', () => {
    const substituting = actor('dealer', 'ROLE_DEALER_SPACE_USER', {
      connected_on_pco: { '@id': '/api/pcos/1', ulid: '1', name: 'Kyoto', logo: null },
    });
    expect(ids(substituting)).toEqual(['home', 'planning', 'sites', 'clients']);
    expect(showsPcoTools(substituting)).toBe(true);
  });

  it('a plain PCO user sees no entry', () => {
    expect(ids(actor('pco', 'ROLE_PCO_SPACE_USER'))).toEqual([]);
  });
});
