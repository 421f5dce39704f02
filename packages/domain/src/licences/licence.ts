import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

export const DEFAULT_THEME_PRIMARY = '#2e8be8';
export const toLicenceStreamId = (licenceId: string): string => `licence-${licenceId}`;

export const licenceEventSchemas = {
  LicenceCreated: z.object({ licenceId: z.string(), name: z.string(), themePrimary: z.string().nullable() }),
  /** the licence's name and theme colour after the change; themePrimary null means the default colour */
  LicenceUpdated: z.object({ licenceId: z.string(), name: z.string(), themePrimary: z.string().nullable() }),
} satisfies Record<string, z.ZodType>;
type Schemas = typeof licenceEventSchemas;
export type LicenceEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type LicenceEventType = LicenceEvent['type'];
export const licenceEventTypes = Object.keys(licenceEventSchemas) as LicenceEventType[];
export const licenceSchemas: EventSchemas<LicenceEvent> = licenceEventSchemas;

export interface LicenceState {
  exists: boolean;
  licenceId: string;
  name: string;
  themePrimary: string | null;
}

export const initialLicenceState = (): LicenceState => ({ exists: false, licenceId: '', name: '', themePrimary: null });

export const evolveLicence = (state: LicenceState, event: LicenceEvent): LicenceState => {
  switch (event.type) {
    case 'LicenceCreated':
    case 'LicenceUpdated':
      return { exists: true, ...event.data };
  }
};

/** Length limit of a licence name. */
export const LICENCE_NAME_MAX = 100;
