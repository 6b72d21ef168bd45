/**
 * The development mailbox (`DATA_DIR/mail/*.eml`) read back for API tests: every message the app delivered,
 * parsed with mailparser. `waitFor` polls because mail is delivered by a background job.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The `X-Isoptera-Template` header: which template produced it. */
  template: string;
  parsed: ParsedMail;
}

export interface Mailbox {
  /** Every message delivered so far, oldest first. */
  all(): Promise<ReceivedMail[]>;
  /**
   * Waits (up to `timeoutMs`, default 10 s) for a message to `to` matching `template` (if given) that was not
   * returned by an earlier `waitFor`; throws with what the mailbox holds when none arrives.
   */
  waitFor(to: string, options?: { template?: string; timeoutMs?: number }): Promise<ReceivedMail>;
}

function addressText(value: ParsedMail['to']): string {
  if (!value) return '';
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).join(',');
}

export function openMailbox(dataDir: string): Mailbox {
  const dir = path.join(dataDir, 'mail');
  const seen = new Set<string>();
  const cache = new Map<string, ReceivedMail>();

  async function all(): Promise<ReceivedMail[]> {
    let files: string[] = [];
    try {
      files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
    files.sort((a, b) => {
      const [ta = 0, sa = 0] = a.split('-').map(Number);
      const [tb = 0, sb = 0] = b.split('-').map(Number);
      return ta - tb || sa - sb;
    });
    const out: ReceivedMail[] = [];
    for (const file of files) {
      let mail = cache.get(file);
      if (!mail) {
        const parsed = await simpleParser(await readFile(path.join(dir, file)));
        mail = {
          file,
          to: addressText(parsed.to),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          template: String(parsed.headers.get('x-isoptera-template') ?? ''),
          parsed,
        };
        cache.set(file, mail);
      }
      out.push(mail);
    }
    return out;
  }

  return {
    all,
    async waitFor(to, { template, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const wanted = to.toLowerCase();
      for (;;) {
        const found = (await all()).find(
          (m) => !seen.has(m.file) && m.to.includes(wanted) && (!template || m.template === template),
        );
        if (found) {
          seen.add(found.file);
          return found;
        }
        if (Date.now() > deadline) {
          const held = (await all()).map((m) => `${m.to} [${m.template}] ${m.subject}`).join('\n  ');
          throw new Error(`no mail to ${to}${template ? ` (${template})` : ''}; mailbox holds:\n  ${held}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
