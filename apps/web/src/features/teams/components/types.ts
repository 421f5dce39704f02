import type { Project, Team } from '@stramien/api';
import type { TeamCalls } from '../queries';

/** What every tab of a team gets. */
export interface TeamTabProps {
  project: Project;
  team: Team;
  calls: TeamCalls;
}
