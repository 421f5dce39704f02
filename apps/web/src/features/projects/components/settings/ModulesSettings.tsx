import { Card, H5, HTMLTable, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import type { Project } from '@stramien/api';
import { MODULE_POOL_DEFAULT } from '@stramien/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../shared/apiErrors';
import { showToast } from '../../../../shared/toaster';
import { licenceModulesQuery, projectCalls, projectKeys, storeProject } from '../../queries';
import { ModuleName } from '../ModuleSearch/ModuleName';
import { useModuleName } from '../../../../shared/moduleName';
import { serverText } from '../../../../shared/serverText';

/** The modules the licence offers, switched on and off for the project (pool 20 when added). */
export const ModulesSettings = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const available = useQuery(licenceModulesQuery(project.license));
  const [busy, setBusy] = useState<string | null>(null);
  const added = new Map(project.modules.map((m) => [m.id, m]));

  const toggle = async (moduleId: string, on: boolean) => {
    setBusy(moduleId);
    try {
      const res = on ? await projectCalls.addModule(project.id, moduleId) : await projectCalls.removeModule(project.id, moduleId);
      storeProject(queryClient, res.data);
      showToast({ intent: 'success', message: serverText(res.message) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('projects.settings.failed') });
    } finally {
      setBusy(null);
    }
  };

  const moduleName = useModuleName();
  const modules = [...(available.data ?? [])].sort((a, b) => moduleName(a).localeCompare(moduleName(b)));
  return (
    <Card className="stramien-settings-card" data-testid="settings-modules">
      <H5>{t('projects.settings.modules')}</H5>
      {available.isPending ? (
        <Spinner size={20} />
      ) : modules.length === 0 ? (
        <NonIdealState className="stramien-compact-empty" description={t('projects.modules.none-available')} />
      ) : (
        <HTMLTable compact striped className="stramien-settings-table">
          <thead>
            <tr>
              <th>{t('projects.settings.module')}</th>
              <th>{t('projects.settings.module-category')}</th>
              <th>{t('projects.settings.module-pool')}</th>
              <th>{t('projects.settings.module-added')}</th>
            </tr>
          </thead>
          <tbody>
            {modules.map((m) => (
              <tr key={m.id} data-testid={`settings-module-${m.id}`}>
                <td>
                  <ModuleName name={moduleName(m)} />
                </td>
                <td>{t(`projects.category.${m.category}`)}</td>
                <td>{added.get(m.id)?.pool ?? MODULE_POOL_DEFAULT}</td>
                <td>
                  <Switch
                    aria-label={moduleName(m)}
                    checked={added.has(m.id)}
                    disabled={busy === m.id}
                    onChange={(e) => void toggle(m.id, e.currentTarget.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
};
