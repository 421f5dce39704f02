import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { messages } from '../shared/messages';
import { licenceDecider, type LicenceCommand } from './decide';
import type { LicenceEvent } from './licence';
import { isManufacturingLicence, modulesForLicence } from './manufacturing';
import { licenceMessages } from './messages';

const spec = deciderSpec(licenceDecider);
const meta = (isSystemAdmin = false) => ({ actor: { userId: 'u1', licenceId: 'l1', isSystemAdmin }, now: '2026-01-01T00:00:00.000Z' });
const created: LicenceEvent = { type: 'LicenceCreated', data: { licenceId: 'l1', name: 'Bouw BV', themePrimary: null } };
const update = (data: { name?: string; themePrimary?: string | null }): LicenceCommand => ({
  type: 'UpdateLicence',
  data,
  metadata: meta(),
});

describe('Licence', () => {
  describe('when created', () => {
    it('is created by a system admin with a normalised colour', () =>
      spec
        .given([])
        .when({ type: 'CreateLicence', data: { licenceId: 'l1', name: ' Bouw BV ', themePrimary: '#ABC' }, metadata: meta(true) })
        .then([{ type: 'LicenceCreated', data: { licenceId: 'l1', name: 'Bouw BV', themePrimary: '#aabbcc' } }]));
    it('refuses anyone else', () =>
      spec
        .given([])
        .when({ type: 'CreateLicence', data: { licenceId: 'l1', name: 'X', themePrimary: null }, metadata: meta(false) })
        .thenThrows(messages.shared.forbidden, 403));
    it('refuses a second creation', () =>
      spec
        .given([created])
        .when({ type: 'CreateLicence', data: { licenceId: 'l1', name: 'X', themePrimary: null }, metadata: meta(true) })
        .thenThrows(licenceMessages.exists, 409));
  });

  describe('when updated', () => {
    it('records the new name and colour', () =>
      spec
        .given([created])
        .when(update({ name: 'Bouw DHME', themePrimary: 'd32f2f' }))
        .then([{ type: 'LicenceUpdated', data: { licenceId: 'l1', name: 'Bouw DHME', themePrimary: '#d32f2f' } }]));
    it('keeps fields that are not given', () =>
      spec
        .given([created])
        .when(update({ themePrimary: '#123' }))
        .then([{ type: 'LicenceUpdated', data: { licenceId: 'l1', name: 'Bouw BV', themePrimary: '#112233' } }]));
    it('resets the colour to the default with null', () =>
      spec
        .given([created, { type: 'LicenceUpdated', data: { licenceId: 'l1', name: 'Bouw BV', themePrimary: '#112233' } }])
        .when(update({ themePrimary: null }))
        .then([{ type: 'LicenceUpdated', data: { licenceId: 'l1', name: 'Bouw BV', themePrimary: null } }]));
    it('records nothing when nothing changes', () =>
      spec
        .given([created])
        .when(update({ name: 'Bouw BV' }))
        .then([]));
    it.each(['#12', '#1234', 'red', '#ggg', '#1234567'])("refuses the colour '%s' with 'Invalid HEX color.'", (colour) =>
      spec
        .given([created])
        .when(update({ themePrimary: colour }))
        .thenThrows('Invalid HEX color.', 422),
    );
    it('refuses an empty name', () =>
      spec
        .given([created])
        .when(update({ name: '  ' }))
        .thenThrows('Required.', 422));
    it('answers 404 for a licence that does not exist', () =>
      spec
        .given([])
        .when(update({ name: 'X' }))
        .thenThrows(licenceMessages.notFound, 404));
  });
});

describe('The manufacturer marker', () => {
  it("enables the manufacturing modules for a licence whose name contains 'DHME', in any case", () => {
    expect(isManufacturingLicence('Fabriek dhme Noord')).toBe(true);
    expect(modulesForLicence('DHME Fabriek').some((m) => m.manufacturing)).toBe(true);
  });
  it('leaves them out for other licences', () => {
    expect(isManufacturingLicence('Stramien Demo')).toBe(false);
    expect(modulesForLicence('Stramien Demo').some((m) => m.manufacturing)).toBe(false);
    expect(modulesForLicence('Stramien Demo').map((m) => m.id)).toContain('build-order');
  });
});
