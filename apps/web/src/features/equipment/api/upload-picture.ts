/**
 * `POST /api/equipment/{ulid}/pictures` (multipart field `file`; JPEG, PNG or WebP checked by content, ≤ 10 MB) → 201
 * `{ulid, url}` (SPEC §3 "Equipment": installation pictures). 422 `picture_invalid`, 413 for a file too large.
 */
import { http } from '../../../shared/api/http-client';

/** Sends one installation picture of the equipment `equipmentUlid`. */
export function uploadPicture(equipmentUlid: string, file: File): Promise<{ ulid: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  return http.post<{ ulid: string; url: string }>(
    `/api/equipment/${encodeURIComponent(equipmentUlid)}/pictures`,
    body,
    {
      redirectOnError: false,
    },
  );
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
