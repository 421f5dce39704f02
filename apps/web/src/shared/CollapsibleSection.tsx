import { Button, Classes, Collapse, Section, type SectionProps } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon } from '@blueprintjs/icons';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CollapsibleSectionProps extends Omit<SectionProps, 'collapsible' | 'collapseProps' | 'rightElement'> {
  defaultIsOpen?: boolean;
  children: ReactNode;
}

/**
 * Blueprint's collapsible `Section` with a toggle that screen readers announce in the user's language (Blueprint's own
 * caret says "expand section" in English whatever the language).
 */
export const CollapsibleSection = ({ defaultIsOpen = true, children, ...props }: CollapsibleSectionProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultIsOpen);
  const id = useId();
  return (
    <Section
      {...props}
      // the header toggles too, as Blueprint's own collapsible section does
      onClick={(event) => {
        const target = event.target as Element;
        if (target.closest(`.${Classes.SECTION_HEADER}`) && !target.closest('button')) setOpen((value) => !value);
      }}
      rightElement={
        <Button
          variant="minimal"
          size="small"
          icon={open ? <ChevronUpIcon /> : <ChevronDownIcon />}
          aria-label={open ? t('common.a11y.collapse-section') : t('common.a11y.expand-section')}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        />
      }
    >
      <Collapse isOpen={open}>
        <div id={id}>{children}</div>
      </Collapse>
    </Section>
  );
};
