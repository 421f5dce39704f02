/**
 * The API's own headers, in a module without zod: the browser's client imports it on the first page, before any
 * contract (whose schemas are zod) is needed.
 */

/** Header a client sends with the last global position it wrote, so queries wait for projections. */
export const MIN_POSITION_HEADER = 'x-min-position';
/** Header of the answer carrying the global position of the command's last event. */
export const POSITION_HEADER = 'x-position';
export const MAINTENANCE_HEADER = 'x-maintenance-token';
