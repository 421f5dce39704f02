import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createMailPort } from './createMail';
import { createEmbeddedMail } from './embeddedMail';

const message = { to: 'ann@example.com', subject: 'Reset your password', text: 'Open https://x/reset/abc', html: '<p>Open</p>' };

describe('embedded mail adapter', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'stramien-mail-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps each message as JSON and as an .eml file and lists them newest first', async () => {
    let clock = Date.parse('2026-01-01T10:00:00.000Z');
    const mail = createEmbeddedMail({ dir, from: 'Stramien <no-reply@stramien.test>', now: () => new Date((clock += 1000)) });
    await mail.send(message);
    await mail.send({ ...message, subject: 'Second' });
    const files = readdirSync(dir).sort();
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    const eml = readFileSync(
      join(
        dir,
        files.find((f) => f.endsWith('.eml'))!,
      ),
      'utf8',
    );
    expect(eml).toMatch(/^To: ann@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    const listed = await mail.outbox!.list();
    expect(listed.map((m) => m.subject)).toEqual(['Second', 'Reset your password']);
    expect(listed[1]).toMatchObject({ ...message, from: 'Stramien <no-reply@stramien.test>', sentAt: '2026-01-01T10:00:01.000Z' });
    expect(await mail.outbox!.list({ limit: 1 })).toHaveLength(1);
    await mail.close();
  });

  it('is the default without SMTP_URL, under <dataDir>/mail', async () => {
    const config = loadConfig({ STRAMIEN_DATA_DIR: dir });
    const mail = createMailPort(config);
    expect(mail.kind).toBe('embedded');
    await mail.send(message);
    expect(readdirSync(join(dir, 'mail')).some((f) => f.endsWith('.json'))).toBe(true);
    await mail.close();
  });
});

describe('SMTP mail adapter', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is chosen by SMTP_URL and delivers the message to the server', async () => {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, STRAMIEN_MAIL_FROM: 'Stramien <no-reply@stramien.test>' });
    const mail = createMailPort(config);
    expect(mail.kind).toBe('smtp');
    expect(mail.outbox).toBeNull();
    await mail.send(message);
    await mail.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: ann@example\.com\r?$/m);
    expect(received[0]).toMatch(/^From: Stramien <no-reply@stramien\.test>\r?$/m);
    expect(received[0]).toContain('Open https://x/reset/abc');
  });

  it('refuses a configuration whose SMTP_URL is not an SMTP address', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });
});
