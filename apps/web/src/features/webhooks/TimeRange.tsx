import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../shared/forms/FormField';

/** A time range as the browser's datetime-local inputs hold it (local time, minutes): '' when open. */
export interface LocalRange {
  from: string;
  to: string;
}

/** `2026-11-23T10:15` (local) for a time */
export const toLocalInput = (time: Date): string => new Date(time.getTime() - time.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** the ISO time of a datetime-local value, or undefined when empty or invalid */
export const fromLocalInput = (value: string): string | undefined => {
  if (value === '') return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
};

/** true when both ends are set and the end does not lie after the start */
export const rangeInverted = ({ from, to }: LocalRange): boolean => {
  const start = fromLocalInput(from);
  const end = fromLocalInput(to);
  return start !== undefined && end !== undefined && end <= start;
};

/** From and To of a time range (the delivery log's filter and the replay's range alike). */
export const TimeRange = ({
  idPrefix,
  value,
  onChange,
  required = false,
}: {
  idPrefix: string;
  value: LocalRange;
  onChange: (value: LocalRange) => void;
  required?: boolean;
}) => {
  const { t } = useTranslation('webhooks');
  const inverted = rangeInverted(value);
  return (
    <>
      <FormField label={t('webhooks.range.from')} id={`${idPrefix}-from`} required={required}>
        <InputGroup
          id={`${idPrefix}-from`}
          type="datetime-local"
          value={value.from}
          onValueChange={(from) => onChange({ ...value, from })}
        />
      </FormField>
      <FormField
        label={t('webhooks.range.to')}
        id={`${idPrefix}-to`}
        required={required}
        error={inverted ? t('webhooks.range.inverted') : undefined}
      >
        <InputGroup
          id={`${idPrefix}-to`}
          type="datetime-local"
          value={value.to}
          intent={inverted ? 'danger' : 'none'}
          onValueChange={(to) => onChange({ ...value, to })}
        />
      </FormField>
    </>
  );
};
