/** The `database` file storage: files in the table `stored_files` (platform/storage/file-storage.ts). */
import { eq } from 'drizzle-orm';
import { storedFiles } from '../../db/schema/index.js';
import type { Db } from '../db/database.js';
import { checkedKey, type FileStorage } from './file-storage.js';

/** Files in the table `stored_files` of `db`; keys are checked (`<folder>/<name>`, plain names). */
export function databaseFileStorage(db: Db): FileStorage {
  return {
    kind: 'database',
    async put(key, content) {
      await db
        .insert(storedFiles)
        .values({ key: checkedKey(key), content, size: content.length })
        .onConflictDoUpdate({ target: storedFiles.key, set: { content, size: content.length } });
    },
    async get(key) {
      const [row] = await db
        .select({ content: storedFiles.content })
        .from(storedFiles)
        .where(eq(storedFiles.key, checkedKey(key)));
      return row?.content ?? null;
    },
    async remove(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, checkedKey(key)));
    },
  };
}
