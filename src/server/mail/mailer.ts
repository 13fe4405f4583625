import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  /** Sends a message; answers where it went: the SMTP message id, or the .eml file's path. */
  send(message: MailMessage): Promise<{ id: string; file?: string }>;
}

/**
 * Email as DESIGN.md §2 says: through SMTP_URL when set; otherwise each message is written as a
 * real RFC 822 `.eml` file into DATA_DIR/outbox (open it in any mail client).
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(m) {
        const info = await transport.sendMail({ from: config.MAIL_FROM, ...m });
        return { id: info.messageId };
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Names sort by time; the process id and a counter keep two messages of the same millisecond apart.
  let seq = 0;
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...m });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = m.to.replace(/[^a-z0-9@.-]/gi, '_');
      seq = (seq + 1) % 1_000_000;
      const file = path.join(outbox, `${stamp}-${process.pid}-${String(seq).padStart(6, '0')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      return { id: info.messageId, file };
    },
  };
}
