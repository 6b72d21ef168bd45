/** `GET /api/timezones` (SPEC §7 "Self"; public): the IANA time zones the server accepts. */
import type { HydraCollection } from '@isoptera/contracts';
import { http } from '../../../shared/api/http-client';

/** The accepted zones, e.g. `['Africa/Abidjan', …, 'UTC']`. Rejects with an `ApiError` (no Error-screen redirect). */
export async function getTimezones(): Promise<string[]> {
  const answer = await http.get<HydraCollection<string>>('/api/timezones', { redirectOnError: false });
  return answer['hydra:member'];
}
