export * from './moduleCatalogue';
