/**
 * Test support of the response clock tests (issue 15): the equality condition of the rows they read and change
 * directly (an alert backdated, acknowledged or cleared; a proposal read), kept here with the database code of tests.
 */
import { eq } from 'drizzle-orm';

/** `column = value`, for the `where` of a test's direct read or update. */
export const whereEq = eq;
