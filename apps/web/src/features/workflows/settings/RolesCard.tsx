import { Alert, Button, Card, ControlGroup, H4, H5, HTMLSelect, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { AddIcon, EditIcon, PeopleIcon, SmallCrossIcon, TickIcon, TrashIcon } from '@blueprintjs/icons';
import type { ProjectWorkflowView, WorkflowRoleNodeView, WorkflowRoleTeamView, WorkflowRoleView } from '@stramien/api';
import { ROLE_NAME_MAX } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { roleNodesQuery, roleTeamsQuery, storeRole, workflowCalls } from './queries';

/** A refusal as one line in the user's language, for a toast. */
const useFailed = () => {
  const { t } = useTranslation('workflows');
  return (error: unknown) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('workflows.settings.failed') });
};

/** A role command's answer stored in the workflow's view (null: the role is gone). */
const useRoleMutation = <V,>(
  workflow: ProjectWorkflowView,
  roleId: string,
  call: (value: V) => Promise<{ data?: WorkflowRoleView; position: number }>,
) => {
  const queryClient = useQueryClient();
  const failed = useFailed();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => storeRole(queryClient, workflow.project_id, workflow.id, roleId, answer.data ?? null),
    onError: failed,
  });
};

/** The roles of a project workflow: create one; per role its name, its teams and its nodes. */
export const RolesCard = ({ workflow }: { workflow: ProjectWorkflowView }) => {
  const { t } = useTranslation('workflows');
  const queryClient = useQueryClient();
  const teams = useQuery(roleTeamsQuery(workflow.project_id, workflow.id));
  const nodes = useQuery(roleNodesQuery(workflow.project_id, workflow.id));
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => workflowCalls(workflow.project_id).createRole(workflow.id, name.trim()),
    onSuccess: (answer) => {
      storeRole(queryClient, workflow.project_id, workflow.id, answer.data.id, answer.data);
      setName('');
    },
    onError: useFailed(),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') create.mutate();
  };
  const roles = [...workflow.roles].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Card className="stramien-workflows__card" data-testid="workflow-roles-card">
      <H4>{t('workflows.settings.roles')}</H4>
      <p className="bp6-text-muted">{t('workflows.settings.roles-intro')}</p>
      <form onSubmit={submit} noValidate>
        <ControlGroup className="stramien-workflows__create">
          <InputGroup
            aria-label={t('workflows.settings.role-name')}
            placeholder={t('workflows.settings.role-name')}
            value={name}
            maxLength={ROLE_NAME_MAX}
            onValueChange={setName}
            data-testid="new-role-name"
          />
          <Button
            type="submit"
            icon={<AddIcon />}
            text={t('workflows.settings.role-create')}
            loading={create.isPending}
            disabled={name.trim() === ''}
            data-testid="create-role"
          />
        </ControlGroup>
      </form>
      {roles.length === 0 ? (
        <NonIdealState
          icon={<PeopleIcon size={32} />}
          title={t('workflows.settings.roles-empty')}
          description={t('workflows.settings.roles-empty-description')}
        />
      ) : (
        roles.map((role) => <RoleSection key={role.id} workflow={workflow} role={role} teams={teams.data ?? []} nodes={nodes.data ?? []} />)
      )}
    </Card>
  );
};

interface RoleSectionProps {
  workflow: ProjectWorkflowView;
  role: WorkflowRoleView;
  /** the project's teams */
  teams: WorkflowRoleTeamView[];
  /** the version's nodes */
  nodes: WorkflowRoleNodeView[];
}

const nodeLabel = (node: WorkflowRoleNodeView | undefined, id: string) => node?.block_name || id;

/** One role: rename and delete it; give it to teams and nodes, and take them back. */
const RoleSection = ({ workflow, role, teams, nodes }: RoleSectionProps) => {
  const { t } = useTranslation('workflows');
  const calls = workflowCalls(workflow.project_id);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [team, setTeam] = useState('');
  const [node, setNode] = useState('');
  const rename = useRoleMutation(workflow, role.id, (name: string) => calls.renameRole(workflow.id, role.id, name));
  const remove = useRoleMutation(workflow, role.id, () => calls.deleteRole(workflow.id, role.id));
  const addTeam = useRoleMutation(workflow, role.id, (teamId: string) => calls.addTeam(workflow.id, role.id, teamId));
  const removeTeam = useRoleMutation(workflow, role.id, (teamId: string) => calls.removeTeam(workflow.id, role.id, teamId));
  const addNode = useRoleMutation(workflow, role.id, (nodeId: string) => calls.addNode(workflow.id, role.id, nodeId));
  const removeNode = useRoleMutation(workflow, role.id, (nodeId: string) => calls.removeNode(workflow.id, role.id, nodeId));
  const freeTeams = teams.filter((x) => !role.teams.includes(x.id));
  const freeNodes = nodes.filter((x) => !role.nodes.includes(x.id));
  const teamName = (id: string) => teams.find((x) => x.id === id)?.name ?? id;

  return (
    <section className="stramien-workflows__role" data-testid="workflow-role" data-role={role.name}>
      <div className="stramien-workflows__role-head">
        {renaming === null ? (
          <>
            <H5>{role.name}</H5>
            <Button
              variant="minimal"
              size="small"
              icon={<EditIcon />}
              aria-label={t('workflows.settings.role-rename', { name: role.name })}
              onClick={() => setRenaming(role.name)}
            />
            <Button
              variant="minimal"
              size="small"
              intent="danger"
              icon={<TrashIcon />}
              aria-label={t('workflows.settings.role-delete', { name: role.name })}
              onClick={() => setDeleting(true)}
              data-testid="delete-role"
            />
          </>
        ) : (
          <form
            className="stramien-workflows__inline"
            onSubmit={(event) => {
              event.preventDefault();
              if (renaming.trim() !== '') rename.mutate(renaming.trim(), { onSuccess: () => setRenaming(null) });
            }}
          >
            <InputGroup
              size="small"
              autoFocus
              aria-label={t('workflows.settings.role-name')}
              maxLength={ROLE_NAME_MAX}
              value={renaming}
              onValueChange={setRenaming}
            />
            <Button type="submit" size="small" icon={<TickIcon />} aria-label={t('workflows.settings.save')} loading={rename.isPending} />
          </form>
        )}
      </div>
      <div className="stramien-workflows__assignments">
        <div data-testid="role-teams">
          <span className="stramien-workflows__label">{t('workflows.settings.role-teams')}</span>
          <div className="stramien-workflows__tags">
            {role.teams.length === 0 && <span className="bp6-text-muted">{t('workflows.settings.role-no-teams')}</span>}
            {role.teams.map((id) => (
              <Tag
                key={id}
                large
                minimal
                intent="primary"
                endIcon={
                  <RemoveButton
                    label={t('workflows.settings.remove-team', { team: teamName(id), role: role.name })}
                    onClick={() => removeTeam.mutate(id)}
                  />
                }
              >
                {teamName(id)}
              </Tag>
            ))}
          </div>
          <Picker
            label={t('workflows.settings.pick-team')}
            options={freeTeams.map((x) => ({ value: x.id, label: x.name }))}
            value={team}
            onChange={setTeam}
            onAdd={(id) => addTeam.mutate(id, { onSuccess: () => setTeam('') })}
            pending={addTeam.isPending}
            addText={t('workflows.settings.add-team')}
            testId="add-role-team"
          />
        </div>
        <div data-testid="role-nodes">
          <span className="stramien-workflows__label">{t('workflows.settings.role-nodes')}</span>
          <div className="stramien-workflows__tags">
            {role.nodes.length === 0 && <span className="bp6-text-muted">{t('workflows.settings.role-no-nodes')}</span>}
            {role.nodes.map((id) => {
              const label = nodeLabel(
                nodes.find((x) => x.id === id),
                id,
              );
              return (
                <Tag
                  key={id}
                  large
                  minimal
                  intent="success"
                  endIcon={
                    <RemoveButton
                      label={t('workflows.settings.remove-node', { node: label, role: role.name })}
                      onClick={() => removeNode.mutate(id)}
                    />
                  }
                >
                  {label}
                </Tag>
              );
            })}
          </div>
          <Picker
            label={t('workflows.settings.pick-node')}
            options={freeNodes.map((x) => ({
              value: x.id,
              label: x.manual ? nodeLabel(x, x.id) : `${nodeLabel(x, x.id)} (${t('workflows.settings.automated')})`,
            }))}
            value={node}
            onChange={setNode}
            onAdd={(id) => addNode.mutate(id, { onSuccess: () => setNode('') })}
            pending={addNode.isPending}
            addText={t('workflows.settings.add-node')}
            testId="add-role-node"
          />
        </div>
      </div>
      <Alert
        isOpen={deleting}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('workflows.settings.delete')}
        cancelButtonText={t('workflows.settings.cancel')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setDeleting(false) })}
        onCancel={() => setDeleting(false)}
      >
        <p>{t('workflows.settings.role-delete-question', { name: role.name })}</p>
      </Alert>
    </section>
  );
};

/** The cross inside a team's or node's tag, named in the user's language (Blueprint's own says 'Remove tag'). */
const RemoveButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Button
    variant="minimal"
    size="small"
    className="stramien-workflows__remove"
    icon={<SmallCrossIcon />}
    aria-label={label}
    onClick={onClick}
  />
);

interface PickerProps {
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  onAdd: (value: string) => void;
  pending: boolean;
  addText: string;
  testId: string;
}

/** A select of what may still be added, and its add button; 'No options found' when nothing is left (spec 2 §8). */
const Picker = ({ label, options, value, onChange, onAdd, pending, addText, testId }: PickerProps) => {
  const { t } = useTranslation('workflows');
  const chosen = options.some((o) => o.value === value) ? value : '';
  return (
    <ControlGroup className="stramien-workflows__picker">
      <HTMLSelect
        aria-label={label}
        value={chosen}
        disabled={options.length === 0}
        onChange={(event) => onChange(event.currentTarget.value)}
        options={[{ value: '', label: options.length === 0 ? t('workflows.settings.no-options') : label }, ...options]}
        data-testid={`${testId}-select`}
      />
      <Button
        icon={<AddIcon />}
        text={addText}
        disabled={chosen === ''}
        loading={pending}
        onClick={() => onAdd(chosen)}
        data-testid={testId}
      />
    </ControlGroup>
  );
};
