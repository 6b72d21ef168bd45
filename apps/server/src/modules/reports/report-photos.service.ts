/**
 * Photos of a visit report (issue 12 "Photos": before, after, damage, conducive condition, installation): uploaded
 * while the report is to process, checked by content and resized with the image pipeline (platform/images), stored
 * in the database as WebP, served to the members of the report's space. A client-made id makes an upload idempotent.
 */
import { REPORT_PHOTO_SIZE_PX, type ReportPhoto, reportPhotoFields } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import { issuesToViolations } from '../../platform/errors/error-handler.js';
import type { UploadedForm } from '../../platform/http/multipart.js';
import { newUlid } from '../../platform/ids.js';
import { toWebpFitting } from '../../platform/images/images.js';
import { parseDateTimeInput } from '../../platform/time/zoned.js';
import type { ReportsRepository } from './reports.repository.js';
import { photoResource } from './reports.resource.js';

/** An uploaded photo, and whether it was stored now (`created`) or already was (a replayed `client_id`). */
export interface UploadedPhoto {
  photo: ReportPhoto;
  created: boolean;
}

/** Creates the photos service on the reports repository (see the module's doc). */
export function createReportPhotosService(repository: ReportsRepository) {
  /** Report `id` of the actor's space, still to process. Throws 404 `report_not_found`, 409 `report_not_editable`. */
  async function editable(actor: Actor, id: string) {
    const report = await repository.find(actor.spaceId, id);
    if (!report) throw notFound('report_not_found');
    if (report.status !== 'to_process') throw new AppError('report_not_editable');
    return report;
  }

  return {
    /**
     * `POST /api/reports/{ulid}/photos`: `read()` gives the multipart form. Its fields are checked by
     * `reportPhotoFields` (422 `kind_invalid`, `station_invalid` for a station the report does not check,
     * `taken_at_invalid` — a date-time in the actor's zone or ISO 8601 —, `client_id_invalid`); a `client_id` the
     * report already holds answers that photo (`created: false`); the file must be a JPEG, PNG or WebP by content
     * (422 `photo_invalid` on `file`), stored as a WebP fitting `REPORT_PHOTO_SIZE_PX`. Throws 404
     * `report_not_found`, 409 `report_not_editable`; the upload itself throws 413 over `REPORT_PHOTO_MAX_BYTES`.
     */
    async upload(actor: Actor, reportId: string, read: () => Promise<UploadedForm>): Promise<UploadedPhoto> {
      await editable(actor, reportId);
      const form = await read();
      const parsed = reportPhotoFields.safeParse(form.fields);
      if (!parsed.success) throw validationFailed(...issuesToViolations(parsed.error.issues));
      const fields = parsed.data;
      if (fields.client_id) {
        const existing = await repository.photos.findByClientId(reportId, fields.client_id);
        if (existing) return { photo: photoResource(reportId, existing, actor), created: false };
      }
      const takenAt = fields.taken_at ? parseDateTimeInput(fields.taken_at, actor.timezone) : null;
      if (fields.taken_at && !takenAt) throw validationFailed({ propertyPath: 'taken_at', code: 'taken_at_invalid' });
      const check = fields.equipment ? await repository.photos.checkOf(reportId, fields.equipment) : undefined;
      if (fields.equipment && !check) throw validationFailed({ propertyPath: 'equipment', code: 'station_invalid' });
      const webp = form.file ? await toWebpFitting(form.file, REPORT_PHOTO_SIZE_PX) : null;
      if (!webp) throw validationFailed({ propertyPath: 'file', code: 'photo_invalid' });
      const id = newUlid();
      const stored = await repository.photos.insert({
        id,
        reportId,
        stationCheckId: check?.id ?? null,
        kind: fields.kind,
        file: webp,
        takenAt,
        clientId: fields.client_id ?? null,
      });
      const photo = stored
        ? await repository.photos.find(reportId, id)
        : await repository.photos.findByClientId(reportId, fields.client_id ?? '');
      if (!photo) throw notFound('report_photo_not_found');
      return { photo: photoResource(reportId, photo, actor), created: stored };
    },

    /**
     * `GET /api/reports/{ulid}/photos/{photoUlid}`: the WebP bytes. Throws 404 `report_not_found` (report unknown or
     * of another space), `report_photo_not_found`.
     */
    async read(actor: Actor, reportId: string, photoId: string): Promise<Buffer> {
      const file = await repository.photos.file(actor.spaceId, reportId, photoId);
      if (file) return file;
      if (!(await repository.find(actor.spaceId, reportId))) throw notFound('report_not_found');
      throw notFound('report_photo_not_found');
    },

    /**
     * `DELETE /api/reports/{ulid}/photos/{photoUlid}`. Throws 404 `report_not_found`, `report_photo_not_found`; 409
     * `report_not_editable`.
     */
    async remove(actor: Actor, reportId: string, photoId: string): Promise<void> {
      await editable(actor, reportId);
      if (!(await repository.photos.remove(reportId, photoId))) throw notFound('report_photo_not_found');
    },
  };
}
export type ReportPhotosService = ReturnType<typeof createReportPhotosService>;
