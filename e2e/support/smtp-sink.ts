/**
 * A real SMTP server for the end-to-end run (issue 3: "E2E against a real SMTP server started by the test"): the
 * application is started with `SMTP_URL=smtp://127.0.0.1:<port>` and delivers through nodemailer over SMTP; every
 * message received here is written as `<time>-<n>.eml` into `dir`, where the specs' mailbox (fixtures/mailbox.ts)
 * reads and parses it. Started once, in the Playwright runner process (playwright.config.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  close(): void;
}

/** Listens on 127.0.0.1:`port` without authentication or TLS and stores each message in `dir`. */
export function startSmtpSink({ port, dir }: { port: number; dir: string }): SmtpSink {
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(join(dir, `${Date.now()}-${String(++sequence).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  server.on('error', (error) => console.error('[smtp-sink]', error));
  server.listen(port, '127.0.0.1');
  return { close: () => server.close() };
}
