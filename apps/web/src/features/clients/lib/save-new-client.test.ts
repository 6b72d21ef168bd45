/** Saving a new client and its contacts (SPEC §7 "Clients"): order of the calls, partial failures, retries. */
import type { ClientContactAnswer, CreateClientContactBody } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import type { NewClientOutput } from './client-form';
import { NO_PROGRESS, saveNewClient } from './save-new-client';

const person = (firstname: string, email: string) => ({
  firstname,
  lastname: 'Dupont',
  title: 'Gérant',
  phone: '+33 6 12 34 56 78',
  email,
  notes: null,
});

const values: NewClientOutput = {
  client: { name: 'SCI du Port', company: true },
  contact: person('Jean', 'jean@example.fr'),
  alternatives: [person('Claire', 'claire@example.fr'), person('Marc', 'marc@example.fr')],
};

const CLIENT: ClientContactAnswer['client'] = {
  '@id': '/api/clients/01CLIENT',
  '@type': 'Client',
  ulid: '01CLIENT',
  name: 'SCI du Port',
  company: true,
  updated_at: '2026-03-05T10:00:00+01:00',
};

/** A fake API that records the bodies and fails for the e-mails in `failing`. */
function fakeApi(failing: Set<string>) {
  const calls: CreateClientContactBody[] = [];
  const create = async (body: CreateClientContactBody): Promise<ClientContactAnswer> => {
    calls.push(body);
    if (failing.has(body.contact.email)) {
      throw new ApiError(422, {
        error: 'validation_failed',
        violations: [{ propertyPath: 'contact.email', code: 'email_already_exist', message: '' }],
      });
    }
    return {
      client: CLIENT,
      contact: {
        ...body.contact,
        '@id': '/api/contacts/X',
        '@type': 'Contact',
        ulid: 'X',
        client_contact_ulid: 'L',
        is_primary: false,
        notes: null,
      },
    };
  };
  return { calls, create };
}

describe('saveNewClient', () => {
  it('creates the client with its main and alternative contacts in one call (one transaction)', async () => {
    const api = fakeApi(new Set());
    const result = await saveNewClient(values, ['a', 'b'], NO_PROGRESS, api.create);
    expect(api.calls).toEqual([
      { client: { name: 'SCI du Port', company: true }, contact: values.contact, alternatives: values.alternatives },
    ]);
    expect(result.failures).toEqual([]);
    expect(result.progress.client).toEqual(CLIENT);
    expect([...result.progress.saved]).toEqual(['a', 'b']);
  });

  it('for a client created earlier, keeps going after a failed alternative and, saved again, sends only what is missing', async () => {
    const failing = new Set(['claire@example.fr']);
    const api = fakeApi(failing);
    const first = await saveNewClient(values, ['a', 'b'], { client: CLIENT, saved: new Set() }, api.create);
    expect(first.failures.map((f) => [f.index, f.key])).toEqual([[0, 'a']]);
    expect([...first.progress.saved]).toEqual(['b']);
    expect(first.progress.client).toEqual(CLIENT);

    failing.clear();
    api.calls.length = 0;
    const second = await saveNewClient(values, ['a', 'b'], first.progress, api.create);
    expect(api.calls).toEqual([{ client: '/api/clients/01CLIENT', contact: values.alternatives[0] }]);
    expect(second.failures).toEqual([]);
    expect([...second.progress.saved].sort()).toEqual(['a', 'b']);
  });

  it('throws when the client itself cannot be created, and saves nothing else', async () => {
    const api = fakeApi(new Set(['jean@example.fr']));
    await expect(saveNewClient(values, ['a', 'b'], NO_PROGRESS, api.create)).rejects.toBeInstanceOf(ApiError);
    expect(api.calls).toHaveLength(1);
  });
});
