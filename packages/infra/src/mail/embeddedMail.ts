import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../config/dataDir';
import type { MailMessage, MailPort, StoredMail } from './mailPort';

/**
 * The embedded mail adapter: every message becomes `<dir>/<time>-<id>.json` (what the dev mail page lists)
 * and the same message as `<time>-<id>.eml` (RFC 5322, built by nodemailer) to open in a mail client.
 * Nothing leaves the machine; the folder is 0700 and each file 0600 (a reset link is a password).
 */
export const createEmbeddedMail = (options: { dir: string; from: string; now?: () => Date }): MailPort => {
  const now = options.now ?? (() => new Date());
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(options.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return {
    kind: 'embedded',
    async send(message: MailMessage) {
      const sentAt = now().toISOString();
      const id = randomUUID();
      const stored: StoredMail = { id, from: options.from, sentAt, ...message };
      const base = `${sentAt.replace(/[:.]/g, '-')}-${id}`;
      const info = await composer.sendMail({ from: options.from, ...message, date: new Date(sentAt) });
      await writeFile(join(options.dir, `${base}.eml`), info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      // the JSON last: a listed message always has its .eml
      await writeFile(join(options.dir, `${base}.json`), JSON.stringify(stored, null, 2), { mode: PRIVATE_FILE_MODE });
    },
    outbox: {
      async list({ limit = 100 } = {}) {
        const names = (await readdir(options.dir)).filter((n) => n.endsWith('.json'));
        names.sort().reverse();
        const picked = names.slice(0, Math.max(0, limit));
        return Promise.all(picked.map(async (n) => JSON.parse(await readFile(join(options.dir, n), 'utf8')) as StoredMail));
      },
    },
    async close() {
      composer.close();
    },
  };
};
