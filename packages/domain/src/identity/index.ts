export * from './user';
export * from './decide';
export * from './userStream';
export * from './userEmail';
export * from './messages';
export * from './passwordPolicy';
export * from './accountMails';
export * from './twoFactor/index';
