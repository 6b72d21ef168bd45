/**
 * Issue 11 "Hardening": concurrent `PUT /api/client_contacts/{ulid}/primary` on two contacts of one client are
 * serialised (the client row is locked in the transaction): every call answers 200, never 500, and exactly one
 * contact ends primary.
 */
import { describe, expect, it } from 'vitest';
import { addContact, createClient, ctx, detail, request, setUpClientsApp } from './clients.test-support.js';

setUpClientsApp();

describe('PUT /api/client_contacts/{ulid}/primary, concurrently', () => {
  it('answers 200 to 10 concurrent calls on two contacts of one client, leaving exactly one primary', async () => {
    const cookie = ctx.team.owner.cookie;
    for (let round = 0; round < 3; round++) {
      const first = await createClient(cookie, { name: `SCI des Courses ${round}` });
      const second = await addContact(cookie, first.client['@id'], { email: `marie.${round}@example.fr` });
      const links = [first.contact.client_contact_ulid, second.contact.client_contact_ulid];

      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => request(cookie, 'PUT', `/api/client_contacts/${links[i % 2]}/primary`)),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

      // exactly one of the two links is primary: the main contact, and an alternative one that is not
      const client = await detail(cookie, first.client.ulid);
      expect(links).toContain(client.primary_contact?.client_contact_ulid);
      expect(client.primary_contact?.is_primary).toBe(true);
      expect(client.other_contacts.map((c) => c.is_primary)).toEqual([false]);
    }
  });
});
