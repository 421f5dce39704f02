export * from './job';
export * from './decide';
export * from './jobStream';
export * from './messages';
export * from './notifications';
