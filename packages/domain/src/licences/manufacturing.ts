import { MODULE_CATALOGUE, type ModuleDefinition } from '../projects/moduleCatalogue';

/**
 * A licence whose name contains this marker is a manufacturer's licence: it enables the catalogue's
 * `manufacturing` modules (project intake, hall dashboard, …). Matched case-insensitively. docs/projects.md.
 */
export const MANUFACTURER_MARKER = 'DHME';

export const isManufacturingLicence = (licenceName: string): boolean => licenceName.toUpperCase().includes(MANUFACTURER_MARKER);

/** The modules a licence may add to its projects. */
export const modulesForLicence = (licenceName: string): ModuleDefinition[] =>
  MODULE_CATALOGUE.filter((m) => !m.manufacturing || isManufacturingLicence(licenceName));
