export * from './twoFactor';
export * from './decide';
export * from './messages';
export * from './twoFactorStream';
