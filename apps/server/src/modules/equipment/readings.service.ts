/**
 * A station's readings over a period (issue 5 "for a station its readings as a time-series chart … over a chosen
 * period"): `GET /api/equipment/{ulid}/readings?from&to`, at most `READINGS_MAX_POINTS` points.
 */
import { iri, READINGS_MAX_POINTS, type ReadingSeries } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { notFound, validationFailed } from '../../platform/errors/app-error.js';
import { formatZoned } from '../../platform/time/zoned.js';
import { readingPoint, readingPointOfTuple } from './equipment.resource.js';
import type { ReadingsRepository } from './readings.repository.js';

const DAY_MS = 86_400_000;
/** The period when none is asked: the last 30 days. */
export const DEFAULT_READINGS_DAYS = 30;
/** The longest period one request may ask. */
export const MAX_READINGS_DAYS = 400;

export function createReadingsService(readings: ReadingsRepository, now: () => Date = () => new Date()) {
  return {
    /**
     * The readings of equipment `id` measured in [from, to] (ISO 8601; default `to` now, `from` 30 days before `to`),
     * oldest first, times in the actor's time zone. Up to `READINGS_MAX_POINTS` readings come as they are; more are
     * averaged into that many equal time buckets (`bucketed: true`). A gateway has no readings (empty series). Throws
     * 404 `equipment_not_found`; 422 `period_invalid` on `from` when `from` is not before `to` or the period is longer
     * than 400 days.
     */
    async series(actor: Actor, id: string, query: { from?: string | undefined; to?: string | undefined }) {
      const to = query.to ? new Date(query.to) : now();
      const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_READINGS_DAYS * DAY_MS);
      if (from >= to || to.getTime() - from.getTime() > MAX_READINGS_DAYS * DAY_MS) {
        throw validationFailed({ propertyPath: 'from', code: 'period_invalid' });
      }
      const tuples = await readings.rawInSpace(actor.spaceId, id, from, to, READINGS_MAX_POINTS + 1);
      if (!tuples) throw notFound('equipment_not_found');
      const bucketed = tuples.length > READINGS_MAX_POINTS;
      const points = bucketed
        ? (await readings.bucketed(id, from, to, READINGS_MAX_POINTS)).map((row) => readingPoint(row, actor.timezone))
        : tuples.map((tuple) => readingPointOfTuple(tuple, actor.timezone));
      const answer: ReadingSeries = {
        '@id': `${iri('equipment', id)}/readings`,
        '@type': 'ReadingSeries',
        equipment_ulid: id,
        from: formatZoned(from, actor.timezone),
        to: formatZoned(to, actor.timezone),
        bucketed,
        points,
      };
      return answer;
    },
  };
}
export type ReadingsService = ReturnType<typeof createReadingsService>;
