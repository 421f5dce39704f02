import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from '../features/identity/session/useSession';
import { AppBar } from './AppBar';
import { useNavPinned } from './navPin';
import { ShellPanels } from './ShellPanels';
import { useSidebarOpen } from './sidebars/sidebarStore';
import { DEFAULT_PRIMARY_COLOUR, applyPrimaryColour } from './theme';

/** The authenticated layout: app bar over the routed screen and its sidebars, in the selected licence's colour. */
export const AppShell = () => {
  const { licence } = useSession();
  const [pinned, togglePinned] = useNavPinned();
  const taskSidebarOpen = useSidebarOpen('task');
  const primary = licence?.theme.primary ?? null;

  useEffect(() => {
    applyPrimaryColour(primary);
    return () => applyPrimaryColour(DEFAULT_PRIMARY_COLOUR);
  }, [primary]);

  return (
    <div className={`stramien-shell ${pinned ? 'stramien-shell--pinned' : ''} ${taskSidebarOpen ? 'stramien-shell--task-sidebar' : ''}`}>
      <AppBar pinned={pinned} onTogglePinned={togglePinned} />
      <main className="stramien-main">
        <Outlet />
      </main>
      <ShellPanels />
    </div>
  );
};
