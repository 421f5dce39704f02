import nodemailer from 'nodemailer';
import type { MailMessage, MailPort } from './mailPort';

/** The SMTP adapter (nodemailer): `url` like smtp://user:pass@host:587 or smtps://host:465. */
export const createSmtpMail = (options: { url: string; from: string }): MailPort => {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, ...message });
    },
    outbox: null,
    async close() {
      transport.close();
    },
  };
};
