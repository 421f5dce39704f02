export * from './newsItem';
export * from './decide';
export * from './newsStream';
export * from './messages';
