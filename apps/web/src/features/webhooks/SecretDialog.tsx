import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { DuplicateIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../shared/toaster';

/** The signing secret, shown once (after create or rotate) with a copy button and the warning that it never comes back. */
export const SecretDialog = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => {
  const { t } = useTranslation('webhooks');
  const copy = () => {
    void navigator.clipboard
      ?.writeText(secret ?? '')
      .then(() => showToast({ intent: 'success', message: t('webhooks.secret.copied') }))
      .catch(() => undefined);
  };
  return (
    <Dialog isOpen={secret !== null} onClose={onClose} title={t('webhooks.secret.title')} canOutsideClickClose={false}>
      <DialogBody>
        <Callout intent="warning" title={t('webhooks.secret.warning-title')}>
          {t('webhooks.secret.warning')}
        </Callout>
        <InputGroup
          className="stramien-webhooks__secret"
          readOnly
          value={secret ?? ''}
          aria-label={t('webhooks.secret.label')}
          data-testid="webhook-secret"
          rightElement={<Button variant="minimal" icon={<DuplicateIcon />} text={t('webhooks.secret.copy')} onClick={copy} />}
        />
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('webhooks.secret.done')} onClick={onClose} />} />
    </Dialog>
  );
};
