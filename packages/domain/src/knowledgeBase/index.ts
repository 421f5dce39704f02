export * from './article';
export * from './decide';
export * from './articleStream';
export * from './messages';
export * from './search';
