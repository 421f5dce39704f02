/**
 * Blueprint's menu and popover, loaded on the first click of a menu button (`useMenuParts`): `PopoverNext` and
 * `MenuItem` (which imports the popover for submenus) bring floating-ui, which the dashboard's cold load does not
 * carry (see docs/performance.md, "Web bundle").
 */
export { Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
