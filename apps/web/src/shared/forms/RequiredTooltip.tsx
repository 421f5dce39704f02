import { Tooltip } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** Blueprint's tooltip around the required mark; a chunk of its own (see RequiredMark). */
export const RequiredTooltip = ({ text, open, children }: { text: string; open: boolean; children: ReactNode }) => (
  <Tooltip content={text} compact placement="top" defaultIsOpen={open}>
    {children}
  </Tooltip>
);
