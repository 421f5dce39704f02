import { useSearchParams } from 'react-router-dom';

/** the address query that selects `version` (none for the project's default version) */
export const sbsVersionSearch = (projectId: string, version: string): string => (version === projectId ? '' : `?version=${version}`);

/**
 * The selected SBS version (spec 2 §4: it scopes the SBS lists), kept in the address (`?version=`) so the overview
 * and the management page show the same one; the project's default version (its own id) when none is chosen.
 */
export const useSbsVersion = (projectId: string): [string, (version: string) => void] => {
  const [params, setParams] = useSearchParams();
  const version = params.get('version') || projectId;
  const select = (next: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === projectId) out.delete('version');
        else out.set('version', next);
        return out;
      },
      { replace: true },
    );
  return [version, select];
};
