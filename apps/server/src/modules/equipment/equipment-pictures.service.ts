/**
 * Installation pictures of equipment (SPEC §3 "Equipment": installation pictures; ARCHITECTURE §6 "uploads checked by
 * magic bytes and size"): uploaded through `POST /api/equipment/{ulid}/pictures`, stored as
 * the file storage's `equipment/<32 hex>.webp`, served by `GET /api/equipment_pictures/{file}` to the members of the
 * equipment's space only.
 */
import { EQUIPMENT_PICTURE_SIZE_PX, type EquipmentPicture } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { notFound, validationFailed } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import { type ImageStore, STORED_IMAGE_PATTERN, toWebpFitting } from '../../platform/images/images.js';
import type { EquipmentRepository } from './equipment.repository.js';
import { PICTURE_URL_PREFIX, pictureResource, pictureUrl } from './equipment.resource.js';

export function createEquipmentPicturesService(repository: EquipmentRepository, store: ImageStore) {
  return {
    /**
     * `POST /api/equipment/{ulid}/pictures`: `read()` gives the uploaded bytes (null when the `file` part is missing);
     * they must be a JPEG, PNG or WebP by content. Stores a WebP fitting `EQUIPMENT_PICTURE_SIZE_PX` and answers
     * the picture `{@id, @type, ulid, url}`. Throws 404 `equipment_not_found`; 422 `picture_invalid` on `file`; the upload itself throws 413
     * `payload_too_large` over `EQUIPMENT_PICTURE_MAX_BYTES`.
     */
    async upload(actor: Actor, equipmentId: string, read: () => Promise<Buffer | null>): Promise<EquipmentPicture> {
      if (!(await repository.find(actor.spaceId, equipmentId))) throw notFound('equipment_not_found');
      const input = await read();
      const webp = input ? await toWebpFitting(input, EQUIPMENT_PICTURE_SIZE_PX) : null;
      if (!webp) throw validationFailed({ propertyPath: 'file', code: 'picture_invalid' });
      const url = await store.save(webp);
      const picture = { id: newUlid(), file: url.slice(PICTURE_URL_PREFIX.length) };
      if (!(await repository.addPicture(actor.spaceId, equipmentId, picture))) {
        await store.remove(url);
        throw notFound('equipment_not_found');
      }
      return pictureResource(equipmentId, picture);
    },

    /** `DELETE /api/equipment/{ulid}/pictures/{pictureUlid}`: deletes the picture and its file. Throws 404 `not_found`. */
    async remove(actor: Actor, equipmentId: string, pictureId: string): Promise<void> {
      const file = await repository.removePicture(actor.spaceId, equipmentId, pictureId);
      if (!file) throw notFound();
      await store.remove(pictureUrl(file));
    },

    /** `GET /api/equipment_pictures/{file}`: the bytes of a picture of the actor's space, or null (404 for the route). */
    async read(actor: Actor, file: string): Promise<Buffer | null> {
      if (!STORED_IMAGE_PATTERN.test(file) || !(await repository.pictureInSpace(actor.spaceId, file))) return null;
      return store.read(file);
    },
  };
}
export type EquipmentPicturesService = ReturnType<typeof createEquipmentPicturesService>;
