import { Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A field label with the required asterisk and its tooltip 'Required field' (spec §5). */
export const RequiredLabel = ({ text }: { text: string }) => {
  const { t } = useTranslation('projects');
  return (
    <>
      {text}{' '}
      <Tooltip content={t('projects.form.required-field')} placement="top">
        <span className="stramien-required" aria-hidden="true">
          *
        </span>
      </Tooltip>
    </>
  );
};
