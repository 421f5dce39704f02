export * from './sbsNode';
export * from './sbsVersion';
export * from './sbsStream';
export * from './messages';
export * from './rules';
export * from './decide';
export * from './csv';
