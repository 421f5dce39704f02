import { Alert, Button, Card, H5, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { PROJECT_ROLE_NAME_MAX } from '@stramien/domain';
import { PlusIcon, TrashIcon } from '@blueprintjs/icons';
import type { Project, ProjectRole } from '@stramien/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../shared/apiErrors';
import { showToast } from '../../../../shared/toaster';
import { licenceUsersQuery, projectCalls, projectKeys, projectMembersQuery } from '../../queries';
import { serverText } from '../../../../shared/serverText';

/** Members (one role each) and the roles of the project, with is_projectadmin. */
export const MembersSettings = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const members = useQuery(projectMembersQuery(project.id));
  const licenceUsers = useQuery(licenceUsersQuery(project.id));
  const [newUser, setNewUser] = useState('');
  const [newUserRole, setNewUserRole] = useState('');
  const [newRole, setNewRole] = useState('');
  const [newRoleAdmin, setNewRoleAdmin] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);

  const act = async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      showToast({ intent: 'success', message: serverText(res.message) });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('projects.settings.failed') });
    } finally {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    }
  };

  const candidates = (licenceUsers.data ?? []).filter((u) => !u.is_member);
  const roleOptions = project.roles.map((r) => ({ value: r.id, label: r.name }));
  const defaultRole = newUserRole || project.roles.find((r) => !r.is_projectadmin)?.id || project.roles[0]?.id || '';

  return (
    <>
      <Card className="stramien-settings-card" data-testid="settings-members">
        <H5>{t('projects.settings.members')}</H5>
        {members.isPending ? (
          <Spinner size={20} />
        ) : (members.data ?? []).length === 0 ? (
          <NonIdealState className="stramien-compact-empty" description={t('projects.settings.no-members')} />
        ) : (
          <HTMLTable compact striped className="stramien-settings-table">
            <thead>
              <tr>
                <th>{t('projects.settings.member-name')}</th>
                <th>{t('projects.settings.member-email')}</th>
                <th>{t('projects.settings.member-role')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(members.data ?? []).map((m) => (
                <tr key={m.id} data-testid={`member-${m.id}`}>
                  <td>{m.name}</td>
                  <td>{m.email}</td>
                  <td>
                    <HTMLSelect
                      aria-label={t('projects.settings.member-role')}
                      value={m.role.id}
                      options={roleOptions}
                      onChange={(e) => void act(() => projectCalls.changeMemberRole(project.id, m.id, e.currentTarget.value))}
                    />
                  </td>
                  <td>
                    <Button
                      variant="minimal"
                      icon={<TrashIcon />}
                      aria-label={t('projects.settings.remove-member')}
                      onClick={() => setRemoving({ id: m.id, name: m.name })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <div className="stramien-settings-add">
          <HTMLSelect
            aria-label={t('projects.settings.add-member-user')}
            value={newUser}
            onChange={(e) => setNewUser(e.currentTarget.value)}
            options={[
              { value: '', label: t('projects.settings.choose-user') },
              ...candidates.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
            ]}
          />
          <HTMLSelect
            aria-label={t('projects.settings.member-role')}
            value={defaultRole}
            options={roleOptions}
            onChange={(e) => setNewUserRole(e.currentTarget.value)}
          />
          <Button
            icon={<PlusIcon />}
            text={t('projects.settings.add-member')}
            disabled={!newUser || !defaultRole}
            onClick={() =>
              void act(async () => {
                const res = await projectCalls.addMember(project.id, { user: newUser, role: defaultRole });
                setNewUser('');
                return res;
              })
            }
          />
        </div>
      </Card>

      <Card className="stramien-settings-card" data-testid="settings-roles">
        <H5>{t('projects.settings.roles')}</H5>
        <HTMLTable compact striped className="stramien-settings-table">
          <thead>
            <tr>
              <th>{t('projects.create.role-name')}</th>
              <th>{t('projects.role.is-projectadmin')}</th>
              <th>{t('projects.settings.role-members')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {project.roles.map((role) => (
              <RoleRow key={role.id} role={role} onAct={act} projectId={project.id} />
            ))}
          </tbody>
        </HTMLTable>
        <div className="stramien-settings-add">
          <InputGroup
            aria-label={t('projects.create.role-name')}
            placeholder={t('projects.create.role-name')}
            value={newRole}
            maxLength={PROJECT_ROLE_NAME_MAX}
            onValueChange={setNewRole}
          />
          <Switch
            label={t('projects.role.is-projectadmin')}
            checked={newRoleAdmin}
            onChange={(e) => setNewRoleAdmin(e.currentTarget.checked)}
          />
          <Button
            icon={<PlusIcon />}
            text={t('projects.create.add-role')}
            disabled={!newRole.trim()}
            onClick={() =>
              void act(async () => {
                const res = await projectCalls.createRole(project.id, { name: newRole.trim(), is_projectadmin: newRoleAdmin });
                setNewRole('');
                setNewRoleAdmin(false);
                return res;
              })
            }
          />
        </div>
      </Card>

      <Alert
        isOpen={removing !== null}
        intent="danger"
        confirmButtonText={t('projects.settings.remove-member')}
        cancelButtonText={t('projects.form.cancel')}
        onConfirm={() => {
          const target = removing;
          setRemoving(null);
          if (target) void act(() => projectCalls.removeMember(project.id, target.id));
        }}
        onCancel={() => setRemoving(null)}
      >
        {t('projects.settings.remove-member-confirm', { name: removing?.name ?? '' })}
      </Alert>
    </>
  );
};

const RoleRow = ({
  role,
  projectId,
  onAct,
}: {
  role: ProjectRole;
  projectId: string;
  onAct: (call: () => Promise<{ message: string }>) => Promise<void>;
}) => {
  const { t } = useTranslation('projects');
  const [name, setName] = useState(role.name);
  return (
    <tr data-testid={`role-${role.id}`}>
      <td>
        <InputGroup
          aria-label={t('projects.create.role-name')}
          value={name}
          maxLength={PROJECT_ROLE_NAME_MAX}
          onValueChange={setName}
          onBlur={() => {
            if (name.trim() && name.trim() !== role.name)
              void onAct(() => projectCalls.updateRole(projectId, role.id, { name: name.trim() }));
          }}
        />
      </td>
      <td>
        <Switch
          aria-label={t('projects.role.is-projectadmin')}
          checked={role.is_projectadmin}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            void onAct(() => projectCalls.updateRole(projectId, role.id, { is_projectadmin: checked }));
          }}
        />
      </td>
      <td>{role.members}</td>
      <td>
        <Button
          variant="minimal"
          icon={<TrashIcon />}
          aria-label={t('projects.settings.delete-role')}
          disabled={role.members > 0}
          onClick={() => void onAct(() => projectCalls.deleteRole(projectId, role.id))}
        />
      </td>
    </tr>
  );
};
