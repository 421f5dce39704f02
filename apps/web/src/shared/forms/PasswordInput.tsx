import { InputGroup } from '@blueprintjs/core';

export interface PasswordInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** shown as plain text (the form's show/hide toggle) */
  visible: boolean;
  autoComplete: 'new-password' | 'current-password';
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A password field whose visibility the form's show/hide toggle controls. */
export const PasswordInput = ({ id, value, onChange, visible, autoComplete, invalid, disabled, autoFocus }: PasswordInputProps) => (
  <InputGroup
    id={id}
    name={id}
    type={visible ? 'text' : 'password'}
    autoComplete={autoComplete}
    value={value}
    intent={invalid ? 'danger' : 'none'}
    disabled={disabled}
    autoFocus={autoFocus}
    spellCheck={false}
    onValueChange={onChange}
  />
);
