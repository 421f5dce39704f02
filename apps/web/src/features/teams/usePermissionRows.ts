import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamToasts } from './useTeamToasts';
import { teamKeys, teamPermissionsQuery } from './queries';

type TeamPermissions = Awaited<ReturnType<NonNullable<ReturnType<typeof teamPermissionsQuery>['queryFn']>>>;

/**
 * A team's permission rows of one kind (SBS codes, workflows) as an editable local copy: loaded once from
 * the team's permissions, saved as a whole, the answer replacing the copy, with the spec's toasts.
 */
export const usePermissionRows = <Row>(
  projectId: string,
  team: { id: string; name: string },
  pick: (permissions: TeamPermissions) => Row[],
  save: (rows: Row[]) => Promise<{ data: Row[] }>,
) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const permissions = useQuery(teamPermissionsQuery(projectId, team.id));
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    if (permissions.data && rows === null) setRows(pick(permissions.data));
  }, [permissions.data, rows, pick]);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (res) => {
      setRows(res.data);
      toasts.success(t('teams.toast.saved', { name: team.name }));
      await queryClient.invalidateQueries({ queryKey: teamKeys.permissions(projectId, team.id) });
    },
    onError: toasts.updateFailed,
  });
  return { loading: permissions.isPending || rows === null, rows: rows ?? [], setRows, save: mutation };
};
