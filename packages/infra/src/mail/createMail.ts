import { join } from 'node:path';
import type { Config } from '../config/config';
import { createEmbeddedMail } from './embeddedMail';
import { createSmtpMail } from './smtpMail';
import type { MailPort } from './mailPort';

/** Picks the mail adapter from the configuration: SMTP when SMTP_URL is set, else files under `<dataDir>/mail`. */
export const createMailPort = (config: Pick<Config, 'SMTP_URL' | 'STRAMIEN_MAIL_FROM' | 'dataDir'>): MailPort =>
  config.SMTP_URL
    ? createSmtpMail({ url: config.SMTP_URL, from: config.STRAMIEN_MAIL_FROM })
    : createEmbeddedMail({ dir: join(config.dataDir, 'mail'), from: config.STRAMIEN_MAIL_FROM });
