export * from './label';
export * from './decide';
export * from './messages';
