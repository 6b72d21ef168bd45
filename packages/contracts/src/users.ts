/** Members as people pickers see them (SPEC §7 "Users": `{type}/search`). */
import { z } from 'zod';
import { manyValues, orderDirection, pageQuery, type SearchResult, type UserLight } from './common.js';
import { ROLES } from './roles.js';

/**
 * `GET /api/user_pcos/search?search&page&role&order[lastname]&order[firstname]`: active members of the actor's space,
 * `search` on first name, last name or e-mail, `role` one or many roles (`role[]=…`), default order last name then
 * first name. The query string is parsed with `qs`: `order[lastname]=asc` arrives as `{order: {lastname: 'asc'}}`.
 */
export const userSearchQuery = z.object({
  ...pageQuery,
  search: z.string().trim().max(255).optional(),
  role: manyValues(z.enum(ROLES)),
  order: z
    .object({
      lastname: orderDirection.optional(),
      firstname: orderDirection.optional(),
    })
    .optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

/** `GET /api/user_pcos/search` answer: members with their `status` and `role`. */
export type UserSearchResult = SearchResult<UserLight & { email: string }>;
