/** Members of the actor's space as people pickers see them (SPEC §3 "User", §7 "Users": `{type}/search`). */
import { iri, type UserSearchQuery, type UserSearchResult, type UserStatus } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { pageWindow } from '../../platform/hydra/hydra.js';
import type { MemberOrder, UsersRepository } from './users.repository.js';

/** The requested order (`order[lastname]`, `order[firstname]`, in the given order), completed by lastname, firstname asc. */
function orderOf(query: UserSearchQuery): MemberOrder[] {
  const order = Object.entries(query.order ?? {})
    .filter((entry): entry is [MemberOrder['field'], 'asc' | 'desc'] => entry[1] !== undefined)
    .map(([field, direction]) => ({ field, direction }));
  for (const field of ['lastname', 'firstname'] as const) {
    if (!order.some((o) => o.field === field)) order.push({ field, direction: 'asc' });
  }
  return order;
}

export function createUsersService(repository: UsersRepository) {
  return {
    /**
     * `GET /api/user_pcos/search?search&page&role&order[lastname]&order[firstname]`: the active members of the actor's
     * space matching `search` (first name, last name or e-mail) and `role` (one or many), 30 a page, as
     * `{list: UserLight & {status, role, email}, total}`; default order last name then first name.
     */
    async search(actor: Actor, query: UserSearchQuery): Promise<UserSearchResult> {
      const { rows, total } = await repository.searchActive(
        actor.spaceId,
        query.search || undefined,
        query.role ?? [],
        orderOf(query),
        pageWindow(query),
      );
      return {
        list: rows.map((r) => ({
          '@id': iri(`user_${r.spaceType}s`, r.id),
          ulid: r.id,
          firstname: r.firstname,
          lastname: r.lastname,
          email: r.email,
          color: r.color,
          status: r.status as UserStatus,
          role: r.role,
        })),
        total,
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
