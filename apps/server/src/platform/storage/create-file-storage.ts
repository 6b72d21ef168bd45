/** The file storage the configuration names (`FILE_STORAGE`; platform/storage/file-storage.ts). */
import type { Db } from '../db/database.js';
import { type FileStorage, localFileStorage } from './file-storage.js';
import { databaseFileStorage } from './stored-files.repository.js';

/** The storage the configuration names (`FILE_STORAGE`). */
export function createFileStorage(config: { fileStorage: 'database' | 'local'; dataDir: string }, db: Db): FileStorage {
  return config.fileStorage === 'local' ? localFileStorage(config.dataDir) : databaseFileStorage(db);
}
