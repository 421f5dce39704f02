import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { SESSION_NAME_MAX } from '@stramien/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, serverMessage } from '../../../../shared/apiErrors';
import { FormField } from '../../../../shared/forms/FormField';
import { SbsCodePicker } from '../../../sbs/SbsCodePicker';
import { sessionCalls, type StartedSession } from '../queries';

export interface StartSessionDialogProps {
  projectId: string;
  /** the project workflow the session runs */
  workflowId: string;
  onClose: () => void;
  onStarted: (session: StartedSession) => void;
}

/**
 * Starts a session of the page's workflow (spec 2 §7 `POST /project/{id}/session`): a name, required, and an SBS
 * code of the project, picked with the app's SBS picker. The server's refusals show at their fields.
 */
export const StartSessionDialog = ({ projectId, workflowId, onClose, onStarted }: StartSessionDialogProps) => {
  const { t } = useTranslation('workflows');
  const [name, setName] = useState('');
  const [sbsCode, setSbsCode] = useState('');
  const [missing, setMissing] = useState(false);
  const start = useMutation({
    mutationFn: () => sessionCalls.start(projectId, { workflow: workflowId, name: name.trim(), sbs_code: sbsCode.trim() || null }),
    onSuccess: onStarted,
  });
  const fieldErrors = serverFieldErrors(start.error) ?? {};
  const nameError = missing ? t('workflows.session-start.name-required') : fieldErrors.name?.join(' ');
  const sbsError = fieldErrors.sbs_code?.join(' ');
  const shownElsewhere = Object.keys(fieldErrors).some((field) => field === 'name' || field === 'sbs_code');
  const message = start.error && !shownElsewhere ? (serverMessage(start.error) ?? t('workflows.sessions.failed')) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = name.trim() === '';
    setMissing(empty);
    if (!empty) start.mutate();
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('workflows.session-start.title')}>
      <form onSubmit={submit} noValidate data-testid="start-session-form">
        <DialogBody>
          {message && (
            <Callout intent="danger" compact>
              {message}
            </Callout>
          )}
          <FormField id="session-name" label={t('workflows.session-start.name')} required error={nameError}>
            <InputGroup
              id="session-name"
              autoFocus
              value={name}
              maxLength={SESSION_NAME_MAX}
              intent={nameError ? 'danger' : 'none'}
              onValueChange={setName}
            />
          </FormField>
          <FormField id="session-sbs-code" label={t('workflows.session-start.sbs-code')} error={sbsError}>
            <SbsCodePicker id="session-sbs-code" projectId={projectId} value={sbsCode} onChange={setSbsCode} />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('workflows.session-start.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={t('workflows.session-start.submit')}
                loading={start.isPending}
                data-testid="start-session-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
