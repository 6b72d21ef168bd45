/**
 * The translation tool's storage (issue 14 "Translation tool", SPEC §2.7; docs/decisions/014): the overrides an admin
 * wrote on top of the bundled catalogues of `packages/i18n`, the languages added beyond the five bundled ones, and
 * each published version ("send to the server") with the overrides it froze. Not scoped to a space: the texts are
 * the product's, edited by the admin space only.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { tz, ulidRef } from './columns.js';

/**
 * One text changed by the tool: `(language, namespace, key)` is unique, `key` the dotted path of the catalogue
 * (`fields.email`, `count_one`). `base_hash` is the SHA-256 (hex) of the bundled text of that key in that language
 * (English's for a language without a bundle) when the override was written: when the bundle changes afterwards the
 * override is *stale*.
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    language: text('language').notNull(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    baseHash: text('base_hash').notNull(),
    updatedBy: ulidRef('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.language, t.namespace, t.key] }),
    index('translation_overrides_ns_idx').on(t.namespace),
  ],
);

/** A language added by the tool (BCP 47 code, e.g. `de`, `es-MX`); the five bundled languages have no row. */
export const translationLanguages = pgTable('translation_languages', {
  code: text('code').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: ulidRef('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * One published version of the overrides: `version` counts up from 1, `overrides` is language → namespace → key →
 * text as they stood when published. What the web app and the server apply is the highest version's.
 */
export const translationPublications = pgTable('translation_publications', {
  version: integer('version').primaryKey(),
  overrides: jsonb('overrides').$type<Record<string, Record<string, Record<string, string>>>>().notNull(),
  publishedBy: ulidRef('published_by').references(() => accounts.id, { onDelete: 'set null' }),
  publishedAt: tz('published_at').notNull().defaultNow(),
});
