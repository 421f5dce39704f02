import { Tooltip } from '@blueprintjs/core';
import { MODULE_NAME_TOOLTIP_FROM, truncateModuleName } from '@stramien/domain';

/** A module name: truncated over 30 characters (27 plus an ellipsis), with the full name as a tooltip above 16. */
export const ModuleName = ({ name }: { name: string }) => {
  const text = <span className="stramien-module-name">{truncateModuleName(name)}</span>;
  return name.length > MODULE_NAME_TOOLTIP_FROM ? (
    <Tooltip content={name} placement="top">
      {text}
    </Tooltip>
  ) : (
    text
  );
};
