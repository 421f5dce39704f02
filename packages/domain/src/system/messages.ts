/** User-facing texts of maintenance mode. */
export const systemMessages = {
  /** every blocked call answers this (spec §2: a 503 or this message routes to Maintenance) */
  serviceUnavailable: 'Service Unavailable',
  alreadyOn: 'Maintenance mode is already on.',
  notOn: 'Maintenance mode is off.',
  secretRequired: 'A maintenance secret is required to switch maintenance mode on.',
  wrongSecret: 'The maintenance secret is not correct.',
  switchedOn: 'Maintenance mode is on',
  switchedOff: 'Maintenance mode is off',
} as const;
