export * from './moduleCatalogue';
export * from './messages';
export * from './project';
export * from './decide';
export * from './projectStream';
export * from './slug';
export * from './slugClaim';
export * from './image';
