import { Button, Callout, ControlGroup, HTMLSelect, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { CrossIcon, FlowBranchIcon, PlusIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectWorkflowsQuery } from '../../workflows/settings/queries';
import { usePermissionRows } from '../usePermissionRows';
import type { TeamTabProps } from './types';

type Access = 'read' | 'write';
interface Row {
  workflow_id: string;
  access: Access;
}

const pickWorkflows = (permissions: { workflows: Row[] }): Row[] => permissions.workflows;

/**
 * Workflow permissions: per project workflow, may the team see it (and its sessions) or also start sessions
 * (docs/workflows.md "Permissions"). The project's workflows are picked by name; a row of a workflow since removed
 * from the project shows its id until it is taken out.
 */
export const WorkflowsTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const workflows = useQuery(projectWorkflowsQuery(project.id));
  const [picked, setPicked] = useState('');
  const { loading, rows, setRows, save } = usePermissionRows<Row>(project.id, team, pickWorkflows, (next) =>
    calls.setWorkflows(team.id, next),
  );

  if (loading) return <Spinner size={20} />;
  const nameOf = (id: string) => workflows.data?.find((w) => w.id === id)?.name ?? id;
  const free = (workflows.data ?? []).filter((w) => !rows.some((r) => r.workflow_id === w.id));
  const chosen = free.some((w) => w.id === picked) ? picked : '';
  return (
    <div className="stramien-teams__tab" data-testid="team-workflows">
      <Callout className="stramien-teams__intro">{t('teams.workflows.intro')}</Callout>
      {rows.length === 0 && (
        <NonIdealState
          icon={<FlowBranchIcon size={32} />}
          title={t('teams.empty.nothing-special')}
          description={t('teams.workflows.empty')}
        />
      )}
      {rows.map((row, index) => (
        <ControlGroup key={row.workflow_id} className="stramien-teams__row" data-testid="team-workflow-row">
          <Tag minimal large className="stramien-teams__id">
            {nameOf(row.workflow_id)}
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
        <ControlGroup>
          <HTMLSelect
            aria-label={t('teams.workflows.pick')}
            value={chosen}
            disabled={free.length === 0}
            onChange={(event) => setPicked(event.currentTarget.value)}
            options={[
              { value: '', label: free.length === 0 ? t('teams.users.no-options') : t('teams.workflows.pick') },
              ...free.map((w) => ({ value: w.id, label: w.name })),
            ]}
            data-testid="team-workflow-pick"
          />
          <Button
            icon={<PlusIcon />}
            text={t('teams.workflows.add')}
            disabled={chosen === ''}
            onClick={() => {
              setRows([...rows, { workflow_id: chosen, access: 'read' }]);
              setPicked('');
            }}
            data-testid="team-workflow-add"
          />
        </ControlGroup>
        <Button intent="primary" text={t('teams.action.save')} loading={save.isPending} onClick={() => save.mutate(rows)} />
      </div>
    </div>
  );
};
