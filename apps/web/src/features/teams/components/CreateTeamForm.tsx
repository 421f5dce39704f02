import { Button, ControlGroup, InputGroup } from '@blueprintjs/core';
import { PlusIcon } from '@blueprintjs/icons';
import type { Team } from '@stramien/api';
import { TEAM_NAME_MAX } from '@stramien/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamToasts } from '../useTeamToasts';
import { teamCalls, teamKeys } from '../queries';
import { FormField } from '../../../shared/forms/FormField';

/** Name field and button: 'Successfully created team {name}' or 'Failed to create team. {message}'. */
export const CreateTeamForm = ({ projectId, onCreated }: { projectId: string; onCreated: (team: Team) => void }) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = touched && name.trim() === '';
  const create = useMutation({
    mutationFn: (value: string) => teamCalls(projectId).create(value),
    onSuccess: async (res) => {
      toasts.success(t('teams.toast.created', { name: res.data.name }));
      setName('');
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: teamKeys.project(projectId) });
      onCreated(res.data);
    },
    onError: toasts.createFailed,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (name.trim() !== '') create.mutate(name.trim());
      }}
    >
      <FormField label={t('teams.create.label')} id="team-name" required error={missing ? t('teams.create.required') : undefined}>
        <ControlGroup fill>
          <InputGroup
            id="team-name"
            value={name}
            maxLength={TEAM_NAME_MAX}
            placeholder={t('teams.create.placeholder')}
            intent={missing ? 'danger' : 'none'}
            onValueChange={setName}
          />
          <Button
            type="submit"
            intent="primary"
            icon={<PlusIcon />}
            text={t('teams.create.submit')}
            loading={create.isPending}
            data-testid="team-create"
          />
        </ControlGroup>
      </FormField>
    </form>
  );
};
