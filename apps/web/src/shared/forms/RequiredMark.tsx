import { Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The asterisk of a required field, with the tooltip 'Required field' (spec §5). */
export const RequiredMark = () => {
  const { t } = useTranslation('account');
  const text = t('account.form.required-field');
  return (
    <Tooltip content={text} compact placement="top">
      <span className="stramien-required" title={text}>
        *
      </span>
    </Tooltip>
  );
};
