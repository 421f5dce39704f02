export * from './mailPort';
export * from './embeddedMail';
export * from './smtpMail';
export * from './createMail';
