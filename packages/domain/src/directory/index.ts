export * from './namedEntity';
