/**
 * The nodemailer transport of ARCHITECTURE §2: SMTP when `SMTP_URL` is set; otherwise every message is written as
 * an RFC 822 `.eml` file into `DATA_DIR/mail` (the development mailbox) and summarised in the log.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

export interface MailTransport {
  /** Delivers one message; throws when the SMTP server refuses it (the job then retries). */
  send(message: Mail.Options): Promise<void>;
  close(): void;
}

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  mailDir: string;
  log?: (line: string) => void;
}): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transporter.sendMail(message);
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      await mkdir(options.mailDir, { recursive: true });
      const to = String(message.to ?? 'unknown').replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.mailDir, `${Date.now()}-${++sequence}-${to}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log?.(`mail to ${String(message.to)} "${String(message.subject)}" written to ${file}`);
    },
    close: () => transporter.close(),
  };
}
