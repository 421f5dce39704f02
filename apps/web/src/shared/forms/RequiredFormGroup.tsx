import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { RequiredMark } from './RequiredMark';

export interface RequiredFormGroupProps {
  /** the id of the field inside, which the label points to */
  id: string;
  label: string;
  /** shown under the field, which turns the group red */
  error?: ReactNode;
  /** false drops the asterisk (a field that is required only in some modes) */
  required?: boolean;
  children: ReactNode;
}

/** A labelled form group with the asterisk and tooltip 'Required field' (spec §5) and the field's error under it. */
export const RequiredFormGroup = ({ id, label, error, required = true, children }: RequiredFormGroupProps) => (
  <FormGroup
    label={label}
    labelFor={id}
    labelInfo={required ? <RequiredMark /> : undefined}
    intent={error ? 'danger' : 'none'}
    helperText={error}
  >
    {children}
  </FormGroup>
);
