export * from './runner/projection';
export * from './runner/projectionRunner';
export * from './forwarder/forwarder';
export * from './identity/users';
export * from './identity/sessions';
export * from './licences/licences';
export { startProjectionsService } from './service';
export { allProjections } from './registry';
