/** The licence modules' texts, in a module of their own without zod: the web app's message catalogue imports them. */
export const licenceModuleMessages = {
  moduleNotFound: 'Module not found.',
  notLicensed: 'This module is not licensed to the licence.',
  manufacturingOnly: 'This module is only available to manufacturer licences.',
  /** spec 2 §8 */
  updated: 'Successfully updated module {name}',
} as const;
