export * from './task';
export * from './decide';
export * from './rules';
export * from './import';
export * from './taskStream';
export * from './messages';
export * from './notifications';
export * from './query';
