import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

/** Events of the one maintenance aggregate (`maintenance-system`). The secret is only ever stored hashed. */
export const maintenanceEventSchemas = {
  MaintenanceEnabled: z.object({ secretHash: z.string().min(1), enabledBy: z.string() }),
  MaintenanceDisabled: z.object({ disabledBy: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof maintenanceEventSchemas;
export type MaintenanceEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type MaintenanceEventType = MaintenanceEvent['type'];
export const maintenanceEventTypes = Object.keys(maintenanceEventSchemas) as MaintenanceEventType[];
export const maintenanceSchemas: EventSchemas<MaintenanceEvent> = maintenanceEventSchemas;

export interface MaintenanceState {
  enabled: boolean;
  secretHash: string | null;
  /** how many times maintenance was switched on; a maintenance token is valid only for the period it was issued in */
  period: number;
}

export const initialMaintenanceState = (): MaintenanceState => ({ enabled: false, secretHash: null, period: 0 });

export const evolveMaintenance = (state: MaintenanceState, event: MaintenanceEvent): MaintenanceState => {
  switch (event.type) {
    case 'MaintenanceEnabled':
      return { enabled: true, secretHash: event.data.secretHash, period: state.period + 1 };
    case 'MaintenanceDisabled':
      return { ...state, enabled: false, secretHash: null };
  }
};

/** There is one maintenance switch for the whole installation. */
export const MAINTENANCE_ID = 'system';
export const toMaintenanceStreamId = (id: string = MAINTENANCE_ID): string => `maintenance-${id}`;

/** Maintenance token lifetime (spec §9): 600000 ms. */
export const MAINTENANCE_TOKEN_LIFETIME_MS = 600_000;
