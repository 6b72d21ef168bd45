/**
 * The server's copy of the published translation overrides (issue 14; docs/decisions/014): the texts the server
 * writes itself (mail, PDF, error messages) come from `loadCatalogues()` of `@isoptera/i18n`, on which this layer
 * lays the highest published version. The database is the only truth — several instances may run — so each
 * instance checks the published version at most every `checkEveryMs` (on the module's timer) and reloads the overrides when it changed.
 */
import { setServerOverrides } from '@isoptera/i18n/load-catalogues';
import type { TranslationsRepository } from './translations.repository.js';

export interface OverrideLayer {
  /** Reloads the overrides when the published version changed (`force`: check now, whatever the last check). */
  refresh(options?: { force?: boolean }): Promise<void>;
  /** The version the server's texts are at (0: bundled texts only). */
  version(): number;
}

/** The layer on `repository`; `now()` in milliseconds. */
export function createOverrideLayer(
  repository: Pick<TranslationsRepository, 'latestVersion' | 'latestPublication'>,
  { checkEveryMs = 2000, now = () => Date.now() } = {},
): OverrideLayer {
  let current = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;

  async function check(): Promise<void> {
    checkedAt = now();
    const latest = await repository.latestVersion();
    const version = latest?.version ?? 0;
    if (version === current) return;
    const publication = version === 0 ? null : await repository.latestPublication();
    setServerOverrides(publication?.overrides ?? {});
    current = publication?.version ?? 0;
  }

  return {
    async refresh({ force = false } = {}) {
      if (!force && now() - checkedAt < checkEveryMs) return;
      if (running && !force) return running;
      const run = check().finally(() => {
        if (running === run) running = undefined;
      });
      running = run;
      return run;
    },
    version: () => current,
  };
}
