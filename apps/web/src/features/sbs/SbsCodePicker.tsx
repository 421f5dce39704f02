import { InputGroup, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sbsSearchQuery } from './queries';

export interface SbsCodePickerProps {
  /** the project whose SBS is searched ('' disables the picker) */
  projectId: string;
  value: string;
  onChange: (code: string) => void;
  /** the SBS version; the project's default version when absent */
  version?: string;
  id?: string;
  disabled?: boolean;
  /** a code picked from the list (after onChange): the grid's cell saves it at once */
  onPick?: (code: string) => void;
  autoFocus?: boolean;
  'aria-label'?: string;
}

/**
 * The one picker of an SBS code (the table grid's sbscode cell, the task dialog's sbscode field): type part of a
 * code or label and pick from the project's SBS (GET /sbs-search); a typed code is kept as typed.
 */
export const SbsCodePicker = ({
  projectId,
  value,
  onChange,
  version,
  id,
  disabled = false,
  onPick,
  autoFocus,
  'aria-label': ariaLabel,
}: SbsCodePickerProps) => {
  const { t } = useTranslation('sbs');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue(value.trim());
  const found = useQuery({
    ...sbsSearchQuery(projectId, version ?? projectId, search, 'flat'),
    enabled: open && !disabled && projectId !== '' && search !== '',
  });
  const options = found.data ?? [];
  return (
    <Popover
      isOpen={open && search !== '' && (options.length > 0 || found.isSuccess)}
      autoFocus={false}
      enforceFocus={false}
      minimal
      placement="bottom-start"
      onInteraction={(next) => !next && setOpen(false)}
      className="stramien-sbs-picker"
      content={
        <Menu className="stramien-sbs-picker__menu" aria-label={t('sbs.picker.options')}>
          {options.length === 0 ? (
            <MenuItem disabled text={t('sbs.search.none')} />
          ) : (
            options.map((node) => (
              <MenuItem
                key={node.id}
                text={node.code}
                label={node.label}
                active={node.code === value}
                onClick={() => {
                  onChange(node.code);
                  setOpen(false);
                  onPick?.(node.code);
                }}
              />
            ))
          )}
        </Menu>
      }
    >
      <InputGroup
        id={id}
        aria-label={ariaLabel}
        autoFocus={autoFocus}
        value={value}
        disabled={disabled}
        placeholder={t('sbs.picker.placeholder')}
        autoComplete="off"
        onValueChange={(next) => {
          onChange(next);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      />
    </Popover>
  );
};
