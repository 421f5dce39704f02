import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { messages } from '../shared/messages';
import { maintenanceDecider, type MaintenanceCommand } from './decide';
import type { MaintenanceEvent } from './maintenance';
import { systemMessages } from './messages';

const spec = deciderSpec(maintenanceDecider);
const meta = (isSystemAdmin = true) => ({ actor: { userId: 'admin', licenceId: 'l1', isSystemAdmin }, now: '2026-01-01T00:00:00.000Z' });
const on = (secretHash = 'scrypt$hash', isSystemAdmin = true): MaintenanceCommand => ({
  type: 'SwitchMaintenanceOn',
  data: { secretHash },
  metadata: meta(isSystemAdmin),
});
const off = (isSystemAdmin = true): MaintenanceCommand => ({ type: 'SwitchMaintenanceOff', data: {}, metadata: meta(isSystemAdmin) });
const enabled: MaintenanceEvent = { type: 'MaintenanceEnabled', data: { secretHash: 'scrypt$hash', enabledBy: 'admin' } };
const disabled: MaintenanceEvent = { type: 'MaintenanceDisabled', data: { disabledBy: 'admin' } };

describe('Maintenance', () => {
  describe('when a system admin switches it on', () => {
    it('records the hashed secret', () => spec.given([]).when(on()).then([enabled]));
    it('switches on again after it was off', () => spec.given([enabled, disabled]).when(on()).then([enabled]));
    it('refuses while it is on', () => spec.given([enabled]).when(on()).thenThrows(systemMessages.alreadyOn, 409));
    it('refuses without a secret', () => spec.given([]).when(on('')).thenThrows(systemMessages.secretRequired, 422));
  });

  describe('when a system admin switches it off', () => {
    it('records it', () => spec.given([enabled]).when(off()).then([disabled]));
    it('changes nothing when it is off already', () => spec.given([enabled, disabled]).when(off()).then([]));
  });

  describe('when anyone else tries', () => {
    it('refuses to switch it on', () => spec.given([]).when(on('h', false)).thenThrows(messages.shared.forbidden, 403));
    it('refuses to switch it off', () => spec.given([enabled]).when(off(false)).thenThrows(messages.shared.forbidden, 403));
  });
});
