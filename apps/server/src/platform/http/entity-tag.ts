/**
 * Optimistic concurrency over HTTP (issue 16 "Concurrent users", RFC 9110 §8.8.3 and §13.1.1, docs/decisions/024).
 *
 * - `GET` of a client, site, intervention, contract or report answers a strong `ETag`: `"v<version>"`, the record's
 *   integer version (`platform/db/versions.ts`), which every `UPDATE` of the row raises. Clients treat it as opaque.
 * - Their `PUT` and `PATCH` (contracts with `entityTag: 'checks'`) read `If-Match` with {@link ifMatchOf}: a list of
 *   entity tags, compared strongly (a weak `W/"…"` tag or one this server never made matches nothing), or `*` (any
 *   version of a record that exists). A mismatch answers 412 `edit_conflict` and changes nothing; no `If-Match` edits
 *   unconditionally, as before. The success answer carries the record's new `ETag` ({@link answerTagged}).
 *
 * One place for the header rules: modules only pass `ifMatchOf(request)` to their service and wrap its
 * `Versioned` result with `answerTagged(reply, …)`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExpectedVersions } from '../db/versions.js';

/** A body and the version of the record it shows: what a `GET` or an edit of a versioned resource returns. */
export interface Versioned<T> {
  body: T;
  /** The record's `version` column (integer ≥ 1). */
  version: number;
}

/** The strong entity tag of a record's version: `"v3"` (quotes included, as the `ETag` header carries it). */
export function entityTag(version: number): string {
  return `"v${version}"`;
}

const ENTITY_TAG = /^\s*(W\/)?"([^"]*)"\s*(?:,|$)/;

/**
 * The versions an `If-Match` header value accepts (RFC 9110 §13.1.1): `undefined` for no header or `*`; otherwise
 * the versions of its strong tags of ours (`"v<n>"`), possibly none — a weak tag, a foreign tag or a malformed value
 * matches nothing, so the edit answers 412.
 */
export function parseIfMatch(header: string | readonly string[] | undefined): ExpectedVersions {
  if (header === undefined) return undefined;
  let rest = (typeof header === 'string' ? header : header.join(',')).trim();
  if (rest === '*') return undefined;
  const versions: number[] = [];
  while (rest !== '') {
    const match = ENTITY_TAG.exec(rest);
    // a malformed header matches nothing (412), not the tags read before the fault
    if (!match) return [];
    const version = match[1] ? undefined : /^v([1-9][0-9]{0,9})$/.exec(match[2] ?? '')?.[1];
    if (version !== undefined && Number(version) <= 2_147_483_647) versions.push(Number(version));
    rest = rest.slice(match[0].length).trim();
  }
  return versions;
}

/** The versions the request's `If-Match` accepts (see {@link parseIfMatch}). */
export function ifMatchOf(request: Pick<FastifyRequest, 'headers'>): ExpectedVersions {
  return parseIfMatch(request.headers['if-match']);
}

/**
 * Sets the `ETag` of `result`'s version on the reply, with `Cache-Control: private, no-cache` (a browser that keeps
 * the answer must ask again before reusing it: a form must never load a stale version from the HTTP cache), and
 * returns its body, for the route to answer.
 */
export async function answerTagged<T>(reply: FastifyReply, result: Promise<Versioned<T>> | Versioned<T>): Promise<T> {
  const { body, version } = await result;
  reply.header('etag', entityTag(version)).header('cache-control', 'private, no-cache');
  return body;
}
