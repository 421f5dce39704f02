export * from './eventStore/index';
export * from './documentStore/index';
export * from './bus/index';
export * from './blobStore/index';
export * from './auth/index';
export * from './config/index';
export * from './http/index';
export * from './mail/index';
