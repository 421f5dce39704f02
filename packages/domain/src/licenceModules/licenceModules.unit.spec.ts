import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { modulesForLicence } from '../licences/manufacturing';
import { licenceMessages } from '../licences/messages';
import { licenceModuleMessages, licenceModulesDecider, toLicenceModulesStreamId, type LicenceModuleCommand } from './licenceModules';

const spec = deciderSpec(licenceModulesDecider);
const metadata = { actor: { userId: 'root', licenceId: 'l1', isSystemAdmin: true }, now: '2026-01-01T00:00:00.000Z' };
const add = (moduleId: string, licenceName: string | null = 'Bouw'): LicenceModuleCommand => ({
  type: 'AddLicenceModule',
  data: { licenceId: 'l1', moduleId, licenceName },
  metadata,
});
const remove = (moduleId: string): LicenceModuleCommand => ({
  type: 'RemoveLicenceModule',
  data: { licenceId: 'l1', moduleId, licenceName: 'Bouw' },
  metadata,
});
const added = { type: 'LicenceModuleAdded' as const, data: { licenceId: 'l1', moduleId: 'build-order' } };

const grant = (licenceName: string): LicenceModuleCommand => ({
  type: 'GrantStandardModules',
  data: { licenceId: 'l1', licenceName },
  metadata,
});

describe('Licence modules', () => {
  describe('when a licence is created', () => {
    it('holds every module its kind may hold, and granting again adds only what is missing', () => {
      const standard = modulesForLicence('Bouw').map((m) => ({
        type: 'LicenceModuleAdded' as const,
        data: { licenceId: 'l1', moduleId: m.id },
      }));
      expect(standard.some((e) => e.data.moduleId === 'build-order')).toBe(true);
      spec.given([]).when(grant('Bouw')).then(standard);
      spec
        .given([added])
        .when(grant('Bouw'))
        .then(standard.filter((e) => e.data.moduleId !== 'build-order'));
    });
  });
  it('live in the stream licenceModules-<licenceId>', () => expect(toLicenceModulesStreamId('l1')).toBe('licenceModules-l1'));
  it('records a module of the catalogue', () => spec.given([]).when(add('build-order')).then([added]));
  it('appends nothing for a module the licence already holds', () => spec.given([added]).when(add('build-order')).then([]));
  it('answers 404 for a module outside the catalogue', () =>
    spec.given([]).when(add('no-such')).thenThrows(licenceModuleMessages.moduleNotFound, 404));
  it('answers 404 for an unknown licence', () => spec.given([]).when(add('build-order', null)).thenThrows(licenceMessages.notFound, 404));
  it('refuses a manufacturing module for a licence without the manufacturer marker', () =>
    spec.given([]).when(add('dhme-hall-dashboard')).thenThrows(licenceModuleMessages.manufacturingOnly, 422));
  it("grants a manufacturing module to a manufacturer's licence", () =>
    spec
      .given([])
      .when(add('dhme-hall-dashboard', 'DHME Fabriek'))
      .then([{ type: 'LicenceModuleAdded', data: { licenceId: 'l1', moduleId: 'dhme-hall-dashboard' } }]));
  it('removes a held module', () =>
    spec
      .given([added])
      .when(remove('build-order'))
      .then([{ type: 'LicenceModuleRemoved', data: { licenceId: 'l1', moduleId: 'build-order' } }]));
  it('answers 404 when removing a module the licence does not hold', () =>
    spec.given([]).when(remove('build-order')).thenThrows(licenceModuleMessages.notLicensed, 404));
});
