import { useCallback, useState } from 'react';
import type * as MenuPartsModule from './menuParts';

type MenuParts = typeof MenuPartsModule;

let loaded: MenuParts | undefined;
let loading: Promise<MenuParts> | undefined;
const loadMenuParts = () =>
  (loading ??= import('./menuParts').then((parts) => {
    loaded = parts;
    return parts;
  }));

/**
 * A menu button renders alone until its first click; the click loads Blueprint's menu and popover
 * (shared/menuParts.ts, once for every menu) and the popover then mounts open (`opened`). Once loaded, every menu
 * renders its popover at once.
 */
export const useMenuParts = (): { parts: MenuParts | undefined; open: () => void; opened: boolean } => {
  const [parts, setParts] = useState(loaded);
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => {
    setOpened(true);
    void loadMenuParts().then(setParts);
  }, []);
  return { parts, open, opened };
};
