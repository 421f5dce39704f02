import { z } from 'zod';
import { resolve } from 'node:path';
import { DEFAULT_WAL_CHECKPOINTS, WAL_CHECKPOINT_MODES } from '../sqlite/walCheckpoints';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

/**
 * Runtime configuration, read from the environment and validated at start.
 * No variable set means the embedded default (SQLite event store, embedded documents, in-process bus, files).
 */
export const configSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  STRAMIEN_DATA_DIR: z.string().default('./data'),
  ESDB_URL: optionalUrl,
  MONGO_URL: optionalUrl,
  MONGO_DB: z.string().default('stramien'),
  NATS_URL: optionalUrl,
  /** at least 32 characters; generated and kept in the data dir when unset */
  STRAMIEN_JWT_SECRET: z.string().min(32).optional(),
  STRAMIEN_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  STRAMIEN_WEB_CLIENT_ID: z.string().default('stramien-web'),
  STRAMIEN_WEB_CLIENT_SECRET: z.string().default('stramien-web'),
  STRAMIEN_ADMIN_EMAIL: z.string().email().optional(),
  STRAMIEN_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** folder with the built web app; served at / when present */
  STRAMIEN_WEB_DIST: z.string().optional(),
  STRAMIEN_RELEASE: z.string().default('0.1.0'),
  STRAMIEN_COMMIT: z.string().default('unknown'),
  STRAMIEN_RELEASE_DATE: z.string().default(new Date().toISOString().slice(0, 10)),
  /**
   * where the embedded document store copies its WAL into the database (docs/performance.md 29.): `thread` (a connection
   * in a thread of its own, off the event loop) or `inline` (SQLite's automatic checkpoint after a commit). The test
   * suite runs `inline` (walCheckpoints.ts `defaultWalCheckpoints`).
   */
  STRAMIEN_SQLITE_CHECKPOINTS: z.enum(WAL_CHECKPOINT_MODES).default(DEFAULT_WAL_CHECKPOINTS),
  /** trust X-Forwarded-For/-Proto/-Host from a reverse proxy in front that overwrites them (otherwise a client could choose them) */
  STRAMIEN_TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * sign-in failures of one account from one address before answers slow down, and before that pair is locked; one
   * address over all accounts gets ten times both (docs/security.md, "The sign-in limiter")
   */
  STRAMIEN_SIGNIN_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(5),
  STRAMIEN_SIGNIN_LOCK_AFTER: z.coerce.number().int().min(2).max(10_000).default(10),
  /** max time a query waits for projections to pass X-Min-Position */
  STRAMIEN_MIN_POSITION_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  /**
   * under load, how long (ms) the one-process runtime's projections may hold record creates' and edits' events and
   * task detail updates for a larger batch; a wait for a position, or an event of another type, starts the batch at
   * once; 0: never held (docs/performance.md 46., 49.)
   */
  STRAMIEN_PROJECTION_COALESCE_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /** smtp://user:pass@host:587 or smtps://host:465; unset means the embedded mail adapter (files under <dataDir>/mail) */
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
        .optional(),
    )
    .optional(),
  /** sender of the account e-mails */
  STRAMIEN_MAIL_FROM: z.string().trim().min(3).max(320).default('Stramien <no-reply@stramien.local>'),
  /**
   * the address users reach the web app at; links in e-mails start with it. Unset: the origin of the request that
   * causes the mail (X-Forwarded-Host/-Proto only when STRAMIEN_TRUST_PROXY is on). Set it in production.
   */
  STRAMIEN_PUBLIC_URL: z
    .string()
    .trim()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http:// or https:// URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /**
   * networks (comma-separated CIDRs, e.g. `10.1.2.0/24,127.0.0.1/32`) webhooks may be sent to although they are private,
   * loopback or link-local, and over plain http; unset: public https targets only (docs/webhooks.md)
   */
  STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    )
    .pipe(z.array(z.string().regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'must be comma-separated CIDRs'))),
  /** days a delivered webhook delivery stays in the delivery log; failed ones stay three times as long (docs/webhooks.md) */
  STRAMIEN_WEBHOOKS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.STRAMIEN_DATA_DIR) };
};
