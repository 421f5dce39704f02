import { can, type PermissionCheck } from '@stramien/domain';
import { useSession } from '../features/identity/session/useSession';

/** `can` for the signed-in user in the selected licence (no project): what the API allows, the shell shows. */
export const useShellCan = () => {
  const { user, licence } = useSession();
  const subject = { isSystemAdmin: user.is_systemadmin, isLicenceAdmin: licence?.is_admin ?? false };
  return (check: PermissionCheck): boolean => can(subject, check);
};
