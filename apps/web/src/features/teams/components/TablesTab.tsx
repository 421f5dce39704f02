import { Button, Callout, Checkbox, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { ThIcon, TrashIcon } from '@blueprintjs/icons';
import type { PermissionView } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTeamToasts } from '../useTeamToasts';
import { teamKeys, teamPermissionsQuery } from '../queries';
import type { TeamTabProps } from './types';

const FLAGS = ['read', 'write'] as const;
type Flag = (typeof FLAGS)[number];

/**
 * Table permissions of the team (spec 2 §6: per table and per team). They are created from a table's settings;
 * here they can be changed and removed.
 */
export const TablesTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const all = useQuery(teamPermissionsQuery(project.id, team.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.project(project.id) });
  const update = useMutation({
    mutationFn: ({ permission, flag, on }: { permission: PermissionView; flag: Flag; on: boolean }) =>
      calls.updateTablePermission(permission.id, { [flag]: on }),
    onSuccess: refresh,
    onError: toasts.updateFailed,
  });
  const remove = useMutation({
    mutationFn: (permissionId: string) => calls.deleteTablePermission(permissionId),
    onSuccess: refresh,
    onError: toasts.updateFailed,
  });

  if (all.isPending) return <Spinner size={20} />;
  const mine = all.data?.tables ?? [];
  return (
    <div className="stramien-teams__tab" data-testid="team-tables">
      <Callout className="stramien-teams__intro">{t('teams.tables.intro')}</Callout>
      {mine.length === 0 ? (
        <NonIdealState icon={<ThIcon size={32} />} title={t('teams.empty.nothing-special')} description={t('teams.tables.empty')} />
      ) : (
        <HTMLTable compact className="stramien-teams__table">
          <thead>
            <tr>
              <th scope="col">{t('teams.tables.table')}</th>
              {FLAGS.map((flag) => (
                <th scope="col" key={flag}>
                  {t(`teams.tables.${flag}`)}
                </th>
              ))}
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {mine.map((permission) => (
              <tr key={permission.id}>
                <td>
                  <code>{permission.table.id}</code>
                </td>
                {FLAGS.map((flag) => (
                  <td key={flag}>
                    <Checkbox
                      aria-label={t(`teams.tables.${flag}`)}
                      checked={permission[flag]}
                      disabled={update.isPending}
                      onChange={(event) => update.mutate({ permission, flag, on: event.currentTarget.checked })}
                    />
                  </td>
                ))}
                <td className="stramien-teams__actions">
                  <Button
                    variant="minimal"
                    size="small"
                    intent="danger"
                    icon={<TrashIcon />}
                    aria-label={t('teams.tables.remove')}
                    loading={remove.isPending && remove.variables === permission.id}
                    onClick={() => remove.mutate(permission.id)}
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
