export * from './licenceModules';
