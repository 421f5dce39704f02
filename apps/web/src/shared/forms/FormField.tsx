import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { RequiredMark } from './RequiredMark';

export interface FormFieldProps {
  /** the id of the field inside, which the label points to */
  id?: string;
  label?: ReactNode;
  /** shows the asterisk with its tooltip 'Required field' (spec §5), inline after the label */
  required?: boolean;
  /** shown under the field, which turns the group red; replaces the helper text while there is one */
  error?: ReactNode;
  /** a hint under the field */
  helper?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * The one form field of the app: label, required mark inline after it, the field, and its helper or error text under
 * it. Every form builds its fields with it (PasswordField too), so the asterisk and errors look the same everywhere.
 */
export const FormField = ({ id, label, required = false, error, helper, className, children }: FormFieldProps) => (
  <FormGroup
    className={className}
    label={label}
    labelFor={id}
    labelInfo={required ? <RequiredMark /> : undefined}
    intent={error ? 'danger' : 'none'}
    helperText={error || helper}
  >
    {children}
  </FormGroup>
);
