/**
 * Labels of the planning filters kept in the URL (SPEC §3 "Filters kept while browsing"): the clients' names
 * (`GET /api/clients/{ulid}`, shared with the other screens' cache) and the members' names (every active member).
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { clientQueryOptions } from '../../../shared/api/resources/clients';
import { everyMemberQueryOptions, memberName } from '../../../shared/api/resources/members';
import type { PickerOption } from '../../../shared/ui/search-picker';

/** Labels of the clients kept in the URL (unknown ones are left out). */
export function useClientLabels(ulids: readonly string[]): PickerOption[] {
  const clients = useQueries({ queries: ulids.map((ulid) => clientQueryOptions(ulid)) });
  const names = clients.map((c) => c.data?.name ?? '').join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when a name arrives (names)
  return useMemo(() => clients.flatMap((c) => (c.data ? [{ id: c.data.ulid, label: c.data.name }] : [])), [names]);
}

/** Labels of the members kept in the URL. */
export function useMemberLabels(ulids: readonly string[]): PickerOption[] {
  const members = useQuery({ ...everyMemberQueryOptions(), enabled: ulids.length > 0 });
  return useMemo(
    () =>
      (members.data?.list ?? [])
        .filter((member) => ulids.includes(member.ulid))
        .map((member) => ({ id: member.ulid, label: memberName(member) })),
    [members.data, ulids],
  );
}
