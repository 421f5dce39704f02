import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from '../features/identity/session/useSession';
import { AppBar } from './AppBar';
import { useNavPinned } from './navPin';
import { DEFAULT_PRIMARY_COLOUR, applyPrimaryColour } from './theme';

/** The authenticated layout: app bar over the routed screen, in the selected licence's colour. */
export const AppShell = () => {
  const { licence } = useSession();
  const [pinned, togglePinned] = useNavPinned();
  const primary = licence?.theme.primary ?? null;

  useEffect(() => {
    applyPrimaryColour(primary);
    return () => applyPrimaryColour(DEFAULT_PRIMARY_COLOUR);
  }, [primary]);

  return (
    <div className={`stramien-shell ${pinned ? 'stramien-shell--pinned' : ''}`}>
      <AppBar pinned={pinned} onTogglePinned={togglePinned} />
      <main className="stramien-main">
        <Outlet />
      </main>
    </div>
  );
};
