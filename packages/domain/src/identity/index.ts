export * from './user';
export * from './decide';
export * from './userStream';
