/** `GET /api/timezones` → `{'hydra:member': ['Africa/Abidjan', …]}`: the IANA zones a member may use (SPEC §7 "Self"). */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { userKeys } from './user-keys';

/** The supported time zones, loaded once per session. */
export function useTimezones() {
  return useQuery({
    queryKey: userKeys.timezones(),
    // not cancelled when the form closes: the list is kept for the whole session anyway
    queryFn: async () => {
      const answer = await http.get<{ 'hydra:member'?: string[] }>('/api/timezones');
      return answer?.['hydra:member'] ?? [];
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
