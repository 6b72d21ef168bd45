/**
 * TEMPORARY direct implementation of {@link MailQueue}: renders and delivers at once. To be replaced by the
 * pg-boss job and the translated templates (issue 3 "Mail").
 */
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../db/database.js';
import type { MailQueue, MailRequest } from './mail.js';
import { createMailTransport } from './mail-transport.js';

export interface MailPlatform extends MailQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createMailPlatform({ config }: { config: Config; db: Db }): MailPlatform {
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail') });
  return {
    async enqueue(request: MailRequest) {
      await transport.send({
        from: config.mailFrom,
        to: request.to,
        subject: request.template,
        text: JSON.stringify(request.params),
        headers: { 'X-Isoptera-Template': request.template },
      });
    },
    async start() {},
    async stop() {
      transport.close();
    },
  };
}
