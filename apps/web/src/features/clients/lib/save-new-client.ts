/**
 * Saving the new-client form (SPEC §7 "Clients"): one `POST /api/client_contacts` for the client and its main contact,
 * then one per alternative contact with the new client's IRI. A failure never loses what was typed: the progress
 * (the created client, the alternative rows already saved) is kept, so saving again creates only what is missing.
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
 * creation itself (nothing was saved then); answers the failures of alternative contacts with the progress made.
 */
export async function saveNewClient(
  values: NewClientOutput,
  keys: readonly string[],
  progress: NewClientProgress,
  create: (body: CreateClientContactBody) => Promise<ClientContactAnswer>,
): Promise<SaveNewClientResult> {
  const client = progress.client ?? (await create({ client: values.client, contact: values.contact })).client;
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
