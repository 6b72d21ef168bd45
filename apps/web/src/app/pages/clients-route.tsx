/**
 * The Clients route (`/clients`, SPEC §2.7 "Clients"): the clients feature's page with the contracts feature's
 * section composed into the client's details (issue 13; features never import each other, ARCHITECTURE §3).
 */

import { ClientsPage } from '../../features/clients/pages/clients-page';
import { ContractsSection } from '../../features/contracts';

/** The clients list and details, the details showing the client's contracts. */
export function ClientsRoute() {
  return (
    <ClientsPage
      contractsSection={(client) => (
        <ContractsSection
          scope={{ client: client.ulid }}
          sites={client.sites.map((site) => ({ ulid: site.ulid, name: site.name }))}
        />
      )}
    />
  );
}
