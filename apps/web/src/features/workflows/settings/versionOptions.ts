import type { TFunction } from 'i18next';

/** The published versions 1 … newest as select options, newest first and marked. */
export const versionOptions = (newest: number, t: TFunction<'workflows'>) =>
  Array.from({ length: newest }, (_, i) => newest - i).map((version) => ({
    value: version,
    label: version === newest ? t('workflows.settings.version-newest', { version }) : t('workflows.settings.version', { version }),
  }));
