import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sbsVersionsQuery } from '../queries';
import { useSbsVersion } from '../useSbsVersion';

/**
 * The version picker of both SBS pages: it selects the version in the address (useSbsVersion), then calls
 * `onChange` (a page clears its selection); the default version reads 'Default' in the user's language.
 */
export const VersionSelect = ({ projectId, onChange }: { projectId: string; onChange?: (version: string) => void }) => {
  const { t } = useTranslation('sbs');
  const versions = useQuery(sbsVersionsQuery(projectId));
  const [value, select] = useSbsVersion(projectId);
  return (
    <label className="stramien-sbs__version">
      <span>{t('sbs.version.label')}</span>
      <HTMLSelect
        aria-label={t('sbs.version.label')}
        value={value}
        onChange={(e) => {
          const next = e.currentTarget.value;
          select(next);
          onChange?.(next);
        }}
        options={(versions.data ?? [{ id: projectId, name: '', isDefault: true, created_at: null }]).map((v) => ({
          value: v.id,
          label: v.isDefault ? t('sbs.version.default') : v.name,
        }))}
      />
    </label>
  );
};
