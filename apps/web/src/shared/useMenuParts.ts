import { useLoadedOnOpen } from './loadOnce';
import type * as MenuPartsModule from './menuParts';

type MenuParts = typeof MenuPartsModule;

const loadMenuParts = () => import('./menuParts');

/**
 * A menu button renders alone until its first click; the click loads Blueprint's menu and popover
 * (shared/menuParts.tsx, once for every menu) and the popover then mounts open (`opened`). Once loaded, every menu
 * renders its popover at once.
 */
export const useMenuParts = (): { parts: MenuParts | undefined; open: () => void; opened: boolean } => useLoadedOnOpen(loadMenuParts);
