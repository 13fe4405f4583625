import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

/** One message of DATA_DIR/outbox (the mailer's `.eml` files when SMTP_URL is unset). */
export interface OutboxMessage {
  file: string;
  /** Raw headers and body, with quoted-printable soft breaks and base64 parts decoded. */
  text: string;
}

function decodeEml(raw: string): string {
  // Quoted-printable: join soft line breaks, decode =XX; base64 parts: decode each block.
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ]
    .map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${b64}`;
}

/**
 * Where to read the outbox: a test context (its app's outbox is drained first, so every message
 * committed so far has been delivered), or the DATA_DIR of a server process (e2e: its worker
 * delivers within a second or two, so reads wait for the messages to appear).
 */
export type OutboxSource = string | { dataDir: string; app: { outbox: { drain(): Promise<number> } } };

async function readOutbox(dataDir: string, to: string): Promise<OutboxMessage[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const out: OutboxMessage[] = [];
  for (const f of files) {
    const raw = await readFile(path.join(dir, f), 'utf8');
    const text = decodeEml(raw);
    if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(text)) {
      out.push({ file: f, text });
    }
  }
  return out;
}

/**
 * The messages in DATA_DIR/outbox sent to `to` (case-insensitive), oldest first. From a test
 * context the outbox is drained first; from a bare DATA_DIR (a server process) it waits up to
 * `waitMs` (10 s) until at least `atLeast` (1) messages are there, then answers what it found.
 */
export async function outboxMessages(
  source: OutboxSource,
  to: string,
  opts: { atLeast?: number; waitMs?: number } = {},
): Promise<OutboxMessage[]> {
  if (typeof source !== 'string') {
    await source.app.outbox.drain();
    return readOutbox(source.dataDir, to);
  }
  const deadline = Date.now() + (opts.waitMs ?? 10_000);
  for (;;) {
    const found = await readOutbox(source, to);
    if (found.length >= (opts.atLeast ?? 1) || Date.now() >= deadline) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The token of the newest agent password-reset link sent to `to`, with the link itself. */
export async function latestResetLink(
  source: OutboxSource,
  to: string,
  opts: { atLeast?: number } = {},
): Promise<{ link: string; token: string }> {
  const messages = await outboxMessages(source, to, opts);
  const last = messages.at(-1);
  const m = last?.text.match(/(https?:\/\/[^\s"<>]+\/agent\/reset-password\/([A-Za-z0-9_-]+))/);
  const dir = typeof source === 'string' ? source : source.dataDir;
  if (!m) throw new Error(`no reset link mailed to ${to} in ${dir}/outbox`);
  return { link: m[1], token: m[2] };
}

/**
 * The newest message sent to `to`, parsed by mailparser (subject, text, html as the recipient's
 * mail program reads them); waits as `outboxMessages` does. Throws when there is none.
 */
export async function newestMail(source: OutboxSource, to: string): Promise<ParsedMail> {
  const last = (await outboxMessages(source, to)).at(-1);
  const dir = typeof source === 'string' ? source : source.dataDir;
  if (!last) throw new Error(`no message to ${to} in ${dir}/outbox`);
  return simpleParser(await readFile(path.join(dir, 'outbox', last.file)));
}

/** Every address of an agent password-reset link in a parsed message: its text and its HTML links. */
export function resetLinksOf(mail: ParsedMail): string[] {
  const re = /https?:\/\/[^\s"<>]+\/agent\/reset-password\/[A-Za-z0-9_-]+/g;
  return [
    ...(mail.text ?? '').matchAll(re),
    ...(typeof mail.html === 'string' ? mail.html : '').matchAll(re),
  ].map((m) => m[0]);
}
