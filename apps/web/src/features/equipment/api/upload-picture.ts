/**
 * `POST /api/equipment/{ulid}/pictures` (multipart field `file`; JPEG, PNG or WebP checked by content, ≤ 10 MB) → 201
 * the picture `{@id, ulid, url}` (SPEC §3 "Equipment": installation pictures). 422 `picture_invalid`, 413 for a file
 * too large.
 */
import { type EquipmentPicture, equipmentEndpoints } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { newIdempotencyKey } from '../../../shared/api/idempotency';

/**
 * Sends one installation picture of the equipment `equipmentUlid`, with an `Idempotency-Key` of its own (ADR 027): the
 * replay after a token refresh, or a retry whose first answer was lost, stores the picture once.
 */
export function uploadPicture(equipmentUlid: string, file: File): Promise<EquipmentPicture> {
  const body = new FormData();
  body.append('file', file);
  return callEndpoint(equipmentEndpoints.uploadPicture, {
    params: { ulid: equipmentUlid },
    body,
    idempotencyKey: newIdempotencyKey(),
    redirectOnError: false,
  });
}

/**
 * Sends the pictures one after the other (the server resizes each one); resolves with the files that failed, so
 * that the caller can say so. Never rejects.
 */
export async function uploadPictures(equipmentUlid: string, files: readonly File[]): Promise<File[]> {
  const failed: File[] = [];
  for (const file of files) {
    try {
      await uploadPicture(equipmentUlid, file);
    } catch {
      failed.push(file);
    }
  }
  return failed;
}
