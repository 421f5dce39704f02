export * from './apiToken';
export * from './decide';
export * from './messages';
export * from './apiTokenStream';
export * from './apiTokenFormat';
