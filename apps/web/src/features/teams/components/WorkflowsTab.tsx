import { Button, Callout, ControlGroup, HTMLSelect, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { CrossIcon, FlowBranchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { usePermissionRows } from '../usePermissionRows';
import type { TeamTabProps } from './types';

type Access = 'read' | 'write';
interface Row {
  workflow_id: string;
  access: Access;
}

const pickWorkflows = (permissions: { workflows: Row[] }): Row[] => permissions.workflows;

/**
 * Workflow permissions: per project workflow, may the team see it or also start sessions. Project workflows
 * arrive with the workflows work, so there is nothing to add yet; existing entries can be changed or removed.
 */
export const WorkflowsTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const { loading, rows, setRows, save } = usePermissionRows<Row>(project.id, team, pickWorkflows, (next) =>
    calls.setWorkflows(team.id, next),
  );

  if (loading) return <Spinner size={20} />;
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
