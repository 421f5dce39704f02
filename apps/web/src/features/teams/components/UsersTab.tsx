import { Button, ControlGroup, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { CrossIcon, PeopleIcon, PlusIcon } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../shared/apiErrors';
import { licenceUsersQuery } from '../../projects/queries';
import { useTeamToasts } from '../useTeamToasts';
import { teamKeys } from '../queries';
import type { TeamTabProps } from './types';

/** The team's users, and adding users of the project's licence (GET /api/project/:id/licenseUsers). */
export const UsersTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const licenceUsers = useQuery(licenceUsersQuery(project.id));
  const [chosen, setChosen] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.project(project.id) });

  const add = useMutation({
    mutationFn: (userId: string) => calls.addUser(team.id, userId),
    onSuccess: async () => {
      setChosen('');
      await refresh();
    },
    onError: toasts.updateFailed,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => calls.removeUser(team.id, userId),
    onSuccess: refresh,
    onError: toasts.updateFailed,
  });

  const members = team.users ?? [];
  const candidates = (licenceUsers.data ?? []).filter((u) => !team.user_ids.includes(u.id)).sort((a, b) => a.name.localeCompare(b.name));

  return (
    <div className="stramien-teams__tab" data-testid="team-users">
      <ControlGroup className="stramien-teams__add">
        <HTMLSelect
          aria-label={t('teams.users.choose')}
          value={chosen}
          disabled={licenceUsers.isPending || candidates.length === 0}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data-testid="team-user-select"
          options={[
            {
              value: '',
              label: candidates.length === 0 && !licenceUsers.isPending ? t('teams.users.no-options') : t('teams.users.choose'),
            },
            ...candidates.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
          ]}
        />
        <Button
          icon={<PlusIcon />}
          text={t('teams.users.add')}
          disabled={chosen === ''}
          loading={add.isPending}
          data-testid="team-user-add"
          onClick={() => add.mutate(chosen)}
        />
      </ControlGroup>
      {licenceUsers.isError && <p className="bp6-text-muted">{serverMessage(licenceUsers.error)}</p>}
      {licenceUsers.isPending ? (
        <Spinner size={20} />
      ) : members.length === 0 ? (
        <NonIdealState icon={<PeopleIcon size={32} />} title={t('teams.users.empty')} />
      ) : (
        <HTMLTable compact className="stramien-teams__table">
          <thead>
            <tr>
              <th scope="col">{t('teams.users.name')}</th>
              <th scope="col">{t('teams.users.email')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {members.map((user) => (
              <tr key={user.id} data-testid="team-user-row">
                <td>{user.name}</td>
                <td className="bp6-text-muted">{user.email}</td>
                <td className="stramien-teams__actions">
                  <Button
                    variant="minimal"
                    size="small"
                    icon={<CrossIcon />}
                    aria-label={t('teams.users.remove', { name: user.name })}
                    loading={remove.isPending && remove.variables === user.id}
                    onClick={() => remove.mutate(user.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
};
