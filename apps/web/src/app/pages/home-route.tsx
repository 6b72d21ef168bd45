/**
 * The Home route (`/home`, SPEC §2.2, §2.7): the home feature's page with the contracts feature's card of visits due
 * from contracts (issue 13: unassigned or overdue) composed in (features never import each other, ARCHITECTURE §3).
 */
import { DueVisitsCard } from '../../features/contracts';
import { HomePage } from '../../features/home/pages/home-page';

/** Home with the contract visits to watch. */
export function HomeRoute() {
  return <HomePage cards={<DueVisitsCard />} />;
}
