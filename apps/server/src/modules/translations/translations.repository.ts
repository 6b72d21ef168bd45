/**
 * Storage of the translation tool (issue 14; docs/decisions/014): overrides, added languages and published versions.
 * The only file of the module that imports Drizzle. Not scoped to a space: the texts are the product's, and only the
 * admin action reaches the writes (the routes' access).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { translationLanguages, translationOverrides, translationPublications } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** An override as stored. */
export type OverrideRecord = typeof translationOverrides.$inferSelect;
/** An added language as stored. */
export type LanguageRecord = typeof translationLanguages.$inferSelect;
/** A published version as stored. */
export type PublicationRecord = typeof translationPublications.$inferSelect;

/** One override to write. */
export interface OverrideValues {
  language: string;
  namespace: string;
  key: string;
  value: string;
  baseHash: string;
}

/** The translations repository on `db`. */
export function createTranslationsRepository(db: Db) {
  return {
    /** Every override (the tool has a few thousand at most), by language, namespace and key. */
    async overrides(): Promise<OverrideRecord[]> {
      return db
        .select()
        .from(translationOverrides)
        .orderBy(translationOverrides.language, translationOverrides.namespace, translationOverrides.key);
    },

    /** Writes `values` (insert or replace, one transaction), stamped with `accountId` and `now`. */
    async upsert(values: OverrideValues[], accountId: string | null, now: Date): Promise<void> {
      if (values.length === 0) return;
      await db.transaction(async (tx) => {
        for (let i = 0; i < values.length; i += 500) {
          await tx
            .insert(translationOverrides)
            .values(values.slice(i, i + 500).map((v) => ({ ...v, updatedBy: accountId, updatedAt: now })))
            .onConflictDoUpdate({
              target: [translationOverrides.language, translationOverrides.namespace, translationOverrides.key],
              set: {
                value: sql`excluded.value`,
                baseHash: sql`excluded.base_hash`,
                updatedBy: sql`excluded.updated_by`,
                updatedAt: sql`excluded.updated_at`,
              },
            });
        }
      });
    },

    /** Deletes the override of `(language, namespace, key)`; `true` when there was one. */
    async remove(language: string, namespace: string, key: string): Promise<boolean> {
      const rows = await db
        .delete(translationOverrides)
        .where(
          and(
            eq(translationOverrides.language, language),
            eq(translationOverrides.namespace, namespace),
            eq(translationOverrides.key, key),
          ),
        )
        .returning({ key: translationOverrides.key });
      return rows.length > 0;
    },

    /** The added languages, by code. */
    async languages(): Promise<LanguageRecord[]> {
      return db.select().from(translationLanguages).orderBy(translationLanguages.code);
    },

    /** Adds language `code`; `false` when it exists already. */
    async addLanguage(code: string, accountId: string): Promise<boolean> {
      const rows = await db
        .insert(translationLanguages)
        .values({ code, createdBy: accountId })
        .onConflictDoNothing()
        .returning({ code: translationLanguages.code });
      return rows.length > 0;
    },

    /** Deletes added language `code` and its overrides (one transaction); `false` when it was not there. */
    async removeLanguage(code: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(translationLanguages)
          .where(eq(translationLanguages.code, code))
          .returning({ code: translationLanguages.code });
        if (rows.length === 0) return false;
        await tx.delete(translationOverrides).where(eq(translationOverrides.language, code));
        return true;
      });
    },

    /** The highest published version and when, or null before the first publication. */
    async latestVersion(): Promise<{ version: number; publishedAt: Date } | null> {
      const [row] = await db
        .select({ version: translationPublications.version, publishedAt: translationPublications.publishedAt })
        .from(translationPublications)
        .orderBy(desc(translationPublications.version))
        .limit(1);
      return row ?? null;
    },

    /** The highest published version with its overrides, or null. */
    async latestPublication(): Promise<PublicationRecord | null> {
      const [row] = await db
        .select()
        .from(translationPublications)
        .orderBy(desc(translationPublications.version))
        .limit(1);
      return row ?? null;
    },

    /**
     * Publishes `overrides` as the next version (the highest + 1, computed in the insert: two concurrent
     * publications cannot take the same number, the loser's primary-key conflict is retried once). Answers it.
     */
    async publish(
      overrides: PublicationRecord['overrides'],
      accountId: string,
      now: Date,
    ): Promise<{ version: number; publishedAt: Date }> {
      const insert = () =>
        db
          .insert(translationPublications)
          .values({
            version: sql`(select coalesce(max(${translationPublications.version}), 0) + 1 from ${translationPublications})`,
            overrides,
            publishedBy: accountId,
            publishedAt: now,
          })
          .returning({ version: translationPublications.version, publishedAt: translationPublications.publishedAt });
      let rows: { version: number; publishedAt: Date }[];
      try {
        rows = await insert();
      } catch {
        rows = await insert();
      }
      const [row] = rows;
      if (!row) throw new Error('publication not stored');
      return row;
    },
  };
}
export type TranslationsRepository = ReturnType<typeof createTranslationsRepository>;
