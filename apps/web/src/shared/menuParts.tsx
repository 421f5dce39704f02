import { PopoverAnimation, PopoverNext, type PopoverNextProps } from '@blueprintjs/core';

/**
 * Blueprint's menu and the popover of the app's menus. The app bar loads them on the first click of a menu button
 * (`useMenuParts`): `PopoverNext` and `MenuItem` (which imports the popover for submenus) bring floating-ui, which
 * the dashboard's cold load does not carry (see docs/performance.md, "Web bundle").
 */
export { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';

/**
 * The popover of a menu (the app bar's, a table's export menu). It fades in where it stays (Blueprint's minimal
 * animation) instead of growing from its corner: the default scale animation overshoots and settles for 300 ms,
 * moving the last item of the user menu ~300 px down and then 14 px back, so a quick click (a press and a release)
 * meant for one item could land on its neighbour or on a divider and do nothing (docs/shell.md).
 */
export const MenuPopover = (props: PopoverNextProps) => <PopoverNext animation={PopoverAnimation.MINIMAL} {...props} />;
