export * from './namedEntity';
export * from './messages';
