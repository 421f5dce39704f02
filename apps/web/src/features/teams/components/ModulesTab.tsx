import { Callout, NonIdealState, Switch } from '@blueprintjs/core';
import { CubeIcon } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTeamToasts } from '../useTeamToasts';
import { teamKeys } from '../queries';
import type { TeamTabProps } from './types';
import { useModuleName } from '../../../shared/moduleName';

/** One switch per module of the project: the team's members may open the modules that are on. */
export const ModulesTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const toggle = useMutation({
    mutationFn: ({ moduleId, on }: { moduleId: string; on: boolean }) =>
      on ? calls.addModule(team.id, moduleId) : calls.removeModule(team.id, moduleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.project(project.id) }),
    onError: toasts.updateFailed,
  });
  const moduleName = useModuleName();
  const modules = [...project.modules].sort((a, b) => moduleName(a).localeCompare(moduleName(b)));
  if (modules.length === 0) {
    return <NonIdealState icon={<CubeIcon size={32} />} title={t('teams.empty.nothing-special')} description={t('teams.modules.empty')} />;
  }
  return (
    <div className="stramien-teams__tab" data-testid="team-modules">
      <Callout className="stramien-teams__intro">{t('teams.modules.intro')}</Callout>
      {modules.map((module) => {
        const pending = toggle.isPending && toggle.variables?.moduleId === module.id;
        return (
          <Switch
            key={module.id}
            large
            checked={pending ? toggle.variables.on : team.modules.includes(module.id)}
            disabled={toggle.isPending}
            label={moduleName(module)}
            data-testid={`team-module-${module.id}`}
            onChange={(event) => toggle.mutate({ moduleId: module.id, on: event.currentTarget.checked })}
          />
        );
      })}
    </div>
  );
};
