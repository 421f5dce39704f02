import { InputGroup } from '@blueprintjs/core';
import { DocumentIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

/**
 * A file field of a job. The API has no upload route for a job's files yet (docs/workflows.md "Screens as built"):
 * the field shows the id it holds, and says that a file cannot be uploaded here yet.
 */
export const JobFileInput = ({ id, value }: { id: string; value: string }) => {
  const { t } = useTranslation('workflows');
  return (
    <InputGroup
      id={id}
      fill
      readOnly
      disabled
      leftIcon={<DocumentIcon />}
      value={value}
      placeholder={t('workflows.session-job.no-upload')}
    />
  );
};
