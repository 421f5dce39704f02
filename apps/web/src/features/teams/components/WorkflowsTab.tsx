import { Button, Callout, ControlGroup, HTMLSelect, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { CrossIcon, FlowBranchIcon } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamToasts } from '../useTeamToasts';
import { teamKeys, teamPermissionsQuery } from '../queries';
import type { TeamTabProps } from './types';

type Access = 'read' | 'write';
interface Row {
  workflow_id: string;
  access: Access;
}

/**
 * Workflow permissions: per project workflow, may the team see it or also start sessions. Project workflows
 * arrive with the workflows work, so there is nothing to add yet; existing entries can be changed or removed.
 */
export const WorkflowsTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const permissions = useQuery(teamPermissionsQuery(project.id, team.id));
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    if (permissions.data && rows === null) setRows(permissions.data.workflows);
  }, [permissions.data, rows]);

  const save = useMutation({
    mutationFn: (next: Row[]) => calls.setWorkflows(team.id, next),
    onSuccess: async (res) => {
      setRows(res.data);
      toasts.success(t('teams.toast.saved', { name: team.name }));
      await queryClient.invalidateQueries({ queryKey: teamKeys.permissions(project.id, team.id) });
    },
    onError: toasts.updateFailed,
  });

  if (permissions.isPending || rows === null) return <Spinner size={20} />;
  return (
    <div className="stramien-teams__tab" data-testid="team-workflows">
      <Callout className="stramien-teams__intro">{t('teams.workflows.intro')}</Callout>
      {rows.length === 0 ? (
        <NonIdealState
          icon={<FlowBranchIcon size={32} />}
          title={t('teams.empty.nothing-special')}
          description={t('teams.workflows.empty')}
        />
      ) : (
        <>
          {rows.map((row, index) => (
            <ControlGroup key={row.workflow_id} className="stramien-teams__row">
              <Tag minimal large className="stramien-teams__id">
                {row.workflow_id}
              </Tag>
              <HTMLSelect
                aria-label={t('teams.access.label')}
                value={row.access}
                onChange={(event) => setRows(rows.map((r, i) => (i === index ? { ...r, access: event.currentTarget.value as Access } : r)))}
                options={[
                  { value: 'read', label: t('teams.access.read') },
                  { value: 'write', label: t('teams.access.start') },
                ]}
              />
              <Button
                icon={<CrossIcon />}
                aria-label={t('teams.workflows.remove')}
                onClick={() => setRows(rows.filter((_, i) => i !== index))}
              />
            </ControlGroup>
          ))}
          <div className="stramien-teams__buttons">
            <Button intent="primary" text={t('teams.action.save')} loading={save.isPending} onClick={() => save.mutate(rows)} />
          </div>
        </>
      )}
    </div>
  );
};
