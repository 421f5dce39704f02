import { PasswordInput, type PasswordInputProps } from './PasswordInput';
import { PasswordRules } from './PasswordRules';
import { FormField } from './FormField';

export interface PasswordFieldProps extends Omit<PasswordInputProps, 'invalid'> {
  label: string;
  error?: string;
  /** marks the input itself red while there is an error (default true) */
  markInvalid?: boolean;
  /** the policy's rules under the field, ticked off while the user types */
  withRules?: boolean;
}

/** A required password field: label, asterisk, error, the form's show/hide toggle and, for a new password, the policy hints. */
export const PasswordField = ({ label, error, markInvalid = true, withRules = false, ...input }: PasswordFieldProps) => (
  <>
    <FormField required id={input.id} label={label} error={error}>
      <PasswordInput {...input} invalid={markInvalid && !!error} />
    </FormField>
    {withRules && <PasswordRules password={input.value} />}
  </>
);
