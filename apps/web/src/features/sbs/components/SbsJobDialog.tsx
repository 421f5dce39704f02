import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasEnded, jobQuery } from '../../../shared/jobs/jobQuery';
import { SbsJobView, type SbsJobViewProps } from './SbsJobView';

/** A bulk delete or clear at work (SbsJobView in a dialog); it closes itself when the job has finished. */
export const SbsJobDialog = ({ title, onClose, ...view }: Omit<SbsJobViewProps, 'onFinished'> & { title: string; onClose: () => void }) => {
  const { t } = useTranslation('sbs');
  const job = useQuery(jobQuery(view.jobId)).data;
  const ended = job !== undefined && hasEnded(job);
  return (
    <Dialog isOpen title={title} onClose={ended ? onClose : undefined} isCloseButtonShown={ended}>
      <DialogBody>
        <SbsJobView {...view} onFinished={onClose} />
      </DialogBody>
      <DialogFooter actions={<Button text={t('sbs.job.close')} disabled={!ended} onClick={onClose} />} />
    </Dialog>
  );
};
