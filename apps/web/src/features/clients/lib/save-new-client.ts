/**
 * Saving the new-client form (SPEC §7 "Clients"): one `POST /api/client_contacts` creating the client, its main contact
 * and its alternative contacts in one transaction (a refused contact, e.g. an e-mail given twice, creates nothing and
 * comes back as a 422 on `alternatives.<i>.email`). A client created earlier (the progress of a former save) only gets
 * its missing alternative contacts, one call each with its IRI. A failure never loses what was typed.
 */
import type { ClientContactAnswer, CreateClientContactBody } from '@isoptera/contracts';
import type { NewClientOutput } from './client-form';

export interface NewClientProgress {
  /** The client once created (then the client part of the form is no longer sent). */
  client: ClientContactAnswer['client'] | null;
  /** Keys of the alternative rows already saved. */
  saved: ReadonlySet<string>;
}

export interface AlternativeFailure {
  /** Index of the row in the form. */
  index: number;
  key: string;
  error: unknown;
}

export interface SaveNewClientResult {
  progress: NewClientProgress;
  failures: AlternativeFailure[];
}

export const NO_PROGRESS: NewClientProgress = { client: null, saved: new Set() };

/**
 * Saves what `progress` says is still missing. `keys[i]` identifies alternative row `i`. Throws the error of the client
 * creation (nothing was saved then); for a client already created, answers the failures of alternative contacts with
 * the progress made.
 */
export async function saveNewClient(
  values: NewClientOutput,
  keys: readonly string[],
  progress: NewClientProgress,
  create: (body: CreateClientContactBody) => Promise<ClientContactAnswer>,
): Promise<SaveNewClientResult> {
  if (!progress.client) {
    const answer = await create({ client: values.client, contact: values.contact, alternatives: values.alternatives });
    return {
      progress: { client: answer.client, saved: new Set(keys.slice(0, values.alternatives.length)) },
      failures: [],
    };
  }
  const client = progress.client;
  const saved = new Set(progress.saved);
  const failures: AlternativeFailure[] = [];
  for (const [index, contact] of values.alternatives.entries()) {
    const key = keys[index] ?? String(index);
    if (saved.has(key)) continue;
    try {
      await create({ client: client['@id'], contact });
      saved.add(key);
    } catch (error) {
      failures.push({ index, key, error });
    }
  }
  return { progress: { client, saved }, failures };
}
