import type { Doc } from '@stramien/infra';
import type { MaintenanceEvent } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/** The maintenance switch as the request gate reads it (the secret hash stays on the write side). */
export interface MaintenanceDoc extends Doc {
  _id: string;
  enabled: boolean;
  /** how many times it was switched on: maintenance tokens are valid for one period only */
  period: number;
  changedAt: string;
  changedBy: string;
}

export const MAINTENANCE_COLLECTION = 'maintenance';

export const maintenanceProjection: Projection<MaintenanceDoc> = {
  name: 'maintenance',
  collection: MAINTENANCE_COLLECTION,
  eventTypes: ['MaintenanceEnabled', 'MaintenanceDisabled'] satisfies MaintenanceEvent['type'][],
  documentIds: (event) => [event.streamId.slice(event.streamId.indexOf('-') + 1)],
  evolve(doc, event, id) {
    const at = event.metadata.occurredAt;
    switch (event.type as MaintenanceEvent['type']) {
      case 'MaintenanceEnabled':
        return { _id: id, enabled: true, period: (doc?.period ?? 0) + 1, changedAt: at, changedBy: event.metadata.userId };
      case 'MaintenanceDisabled':
        return { _id: id, enabled: false, period: doc?.period ?? 0, changedAt: at, changedBy: event.metadata.userId };
      default:
        return doc;
    }
  },
};
