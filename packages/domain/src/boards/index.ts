export * from './board';
export * from './decide';
export * from './lanes';
export * from './boardStream';
export * from './messages';
