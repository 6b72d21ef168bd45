/** Spaces (tenants): the admin space, dealers and PCOs (SPEC §1, §3 "PCO / dealer"). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps, tz, ulidPk, ulidRef } from './columns.js';

export const spaces = pgTable(
  'spaces',
  {
    id: ulidPk(),
    type: text('type', { enum: ['admin', 'dealer', 'pco'] }).notNull(),
    name: text('name').notNull(),
    addressLabel: text('address_label'),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    /** Public URL of the logo, or null. */
    logo: text('logo'),
    erpClientId: text('erp_client_id'),
    erpOrderId: text('erp_order_id'),
    /** The dealer a PCO belongs to; null for dealers and the admin space. */
    dealerId: ulidRef('dealer_id').references((): AnyPgColumn => spaces.id, { onDelete: 'restrict' }),
    /** Referral reseller named in the space settings (SPEC §2.7 "Space settings"), free text, or null. */
    referralReseller: text('referral_reseller'),
    /** Set when the owner deletes the account: members lose access; the data is purged after the retention period. */
    closedAt: tz('closed_at'),
    ...timestamps(),
  },
  (t) => [
    index('spaces_dealer_idx').on(t.dealerId),
    check('spaces_type_check', sql`${t.type} in ('admin', 'dealer', 'pco')`),
  ],
);
export type SpaceRow = typeof spaces.$inferSelect;
