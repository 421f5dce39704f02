/** One outgoing e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A message as the embedded adapter keeps it. */
export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** What the embedded adapter can show of the messages it kept (the dev mail page); SMTP has none. */
export interface MailOutbox {
  /** newest first */
  list(options?: { limit?: number }): Promise<StoredMail[]>;
}

/**
 * MailPort: sends e-mail. The embedded adapter (default) writes each message under `<dataDir>/mail/`; the
 * SMTP adapter is chosen when SMTP_URL is set.
 */
export interface MailPort {
  readonly kind: 'embedded' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** the kept messages, embedded adapter only */
  readonly outbox: MailOutbox | null;
  close(): Promise<void>;
}
