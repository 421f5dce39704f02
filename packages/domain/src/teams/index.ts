export * from './team';
export * from './decide';
export * from './teamStream';
export * from './messages';
