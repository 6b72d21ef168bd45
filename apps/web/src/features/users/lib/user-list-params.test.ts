/** The users list state in the URL and its API query (SPEC §2.7 Users; ARCHITECTURE §7 filters kept while browsing). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_LIST_STATE, listQuery, readUserListState, writeUserListState } from './user-list-params';

describe('users list parameters', () => {
  it('reads defaults from an empty URL, writes them as nothing and asks for page 1 only', () => {
    const state = readUserListState(new URLSearchParams());
    expect(state).toEqual(DEFAULT_USER_LIST_STATE);
    expect(writeUserListState(state).toString()).toBe('');
    expect(listQuery(state)).toEqual({ page: 1 });
  });

  it('round-trips segment, role, search and page into the API query', () => {
    const state = { segment: 'invited', role: 'ROLE_PCO_SPACE_MANAGER', search: ' léo ', page: 3 } as const;
    const params = writeUserListState(state);
    expect(readUserListState(params)).toEqual(state);
    expect(listQuery(state)).toEqual({ page: 3, status: 'invited', role: 'ROLE_PCO_SPACE_MANAGER', search: 'léo' });
  });

  it("ignores unknown values and another space type's roles", () => {
    expect(readUserListState(new URLSearchParams('status=banned&role=ROLE_X&page=-1'))).toEqual(
      DEFAULT_USER_LIST_STATE,
    );
    const dealerRoles = ['ROLE_DEALER_SPACE_OWNER', 'ROLE_DEALER_SPACE_USER'] as const;
    expect(readUserListState(new URLSearchParams('role=ROLE_PCO_SPACE_MANAGER'), dealerRoles).role).toBe('');
  });
});
