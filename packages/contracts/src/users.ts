/** Members as people pickers see them (SPEC §7 "Users": `{type}/search`). */
import { z } from 'zod';
import { pageQuery, orderDirection } from './common.js';
import { ROLES } from './roles.js';

/** `GET /api/user_pcos/search?search&page&role&order[lastname]&order[firstname]`. */
export const userSearchQuery = z.object({
  ...pageQuery,
  search: z.string().trim().max(255).optional(),
  role: z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(z.enum(ROLES)).optional()),
  'order[lastname]': orderDirection.optional(),
  'order[firstname]': orderDirection.optional(),
});
