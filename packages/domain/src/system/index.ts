export * from './maintenance';
export * from './decide';
export * from './messages';
