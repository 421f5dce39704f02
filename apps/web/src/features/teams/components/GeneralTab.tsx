import { Callout, Switch } from '@blueprintjs/core';
import { GENERAL_APPS, type GeneralApp } from '@stramien/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTeamToasts } from '../useTeamToasts';
import { teamKeys } from '../queries';
import type { TeamTabProps } from './types';

/** The general apps a team's members may use: workflows, tables, SBS, labels, tasks (spec 1 §6). */
export const GeneralTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const change = useMutation({
    mutationFn: ({ app, on }: { app: GeneralApp; on: boolean }) => calls.setGeneral(team.id, { [app]: on }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.project(project.id) }),
    onError: toasts.updateFailed,
  });
  return (
    <div className="stramien-teams__tab" data-testid="team-general">
      <Callout className="stramien-teams__intro">{t('teams.general.intro')}</Callout>
      {GENERAL_APPS.map((app) => {
        const pending = change.isPending && change.variables?.app === app;
        return (
          <Switch
            key={app}
            large
            checked={pending ? change.variables.on : team.general[app]}
            disabled={change.isPending}
            label={t(`teams.general.${app}`)}
            data-testid={`team-general-${app}`}
            onChange={(event) => change.mutate({ app, on: event.currentTarget.checked })}
          />
        );
      })}
    </div>
  );
};
