import { Button, Card, NonIdealState } from '@blueprintjs/core';
import { LogInIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { projectCalls, projectKeys, storeProject } from '../queries';
import { serverText } from '../../../shared/serverText';

/** For admins who are not members (spec §2): 'You are not added to this project, connect first', and a Connect button. */
export const ConnectOverlay = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const res = await projectCalls.connect(project.id);
      storeProject(queryClient, res.data);
      showToast({ intent: 'success', message: serverText(res.message) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('projects.connect.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stramien-connect-overlay" data-testid="connect-overlay" role="dialog" aria-modal="true" aria-labelledby="connect-title">
      <Card elevation={3} className="stramien-connect-overlay__card">
        <NonIdealState
          icon={<LogInIcon size={48} />}
          title={<span id="connect-title">{t('projects.connect.message')}</span>}
          action={
            <Button
              intent="primary"
              size="large"
              text={t('projects.connect.button')}
              loading={busy}
              data-testid="connect-button"
              onClick={() => void connect()}
            />
          }
        />
      </Card>
    </div>
  );
};
