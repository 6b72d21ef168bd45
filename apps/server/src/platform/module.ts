/**
 * A domain module (ARCHITECTURE §3): a Fastify plugin that builds its repository and service from the shared
 * dependencies and registers its routes. `app.ts` registers every module of `modules/index.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from './db/database.js';
import type { EventBus } from './events/event-bus.js';
import type { Operations } from './http/operations.js';
import type { MailQueue } from './mail/mail.js';
import type { FileStorage } from './storage/file-storage.js';

export interface ModuleDeps {
  db: Db;
  config: Config;
  /** Outgoing e-mail, delivered by a background job. */
  mail: MailQueue;
  /** Live events of each space, relayed to browsers by server-sent events. */
  events: EventBus;
  /** Uploaded files (avatars, logos, equipment pictures), shared by every instance (`FILE_STORAGE`). */
  storage: FileStorage;
  /** Metrics and readiness checks (`/metrics`, `/readyz`). */
  operations: Operations;
}

export interface AppModule {
  name: string;
  register(app: FastifyInstance, deps: ModuleDeps): Promise<void>;
}
