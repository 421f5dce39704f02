import { describe, expect, it } from 'vitest';
import type { Decider } from './decider';
import { userDecider } from '../identity/decide';
import { apiTokenDecider } from '../identity/apiTokens/decide';
import { userEmailDecider } from '../identity/userEmail';
import { twoFactorDecider } from '../identity/twoFactor/decide';
import { teamDecider } from '../teams/decide';
import { projectDecider } from '../projects/decide';
import { projectSlugDecider } from '../projects/slugClaim';
import { labelDecider } from '../labels/decide';
import { licenceModulesDecider } from '../licenceModules/licenceModules';
import { companies } from '../directory/namedEntity';
import { maintenanceDecider } from '../system/decide';
import { licenceDecider } from '../licences/decide';
import { webhookEndpointDecider } from '../webhooks/decide';
import { workflowDecider } from '../workflows/decideWorkflow';
import { projectWorkflowDecider } from '../workflows/decideProjectWorkflow';
import { sessionDecider } from '../workflows/decideSession';

// every decide ends in `default: { const _exhaustive: never = command; ... }`: the compiler refuses a command type
// without a case, and a command that slips past the types (a bad cast, an old client) is refused loudly
const deciders = {
  user: userDecider,
  apiToken: apiTokenDecider,
  userEmail: userEmailDecider,
  twoFactor: twoFactorDecider,
  team: teamDecider,
  project: projectDecider,
  projectSlug: projectSlugDecider,
  label: labelDecider,
  licenceModules: licenceModulesDecider,
  namedEntity: companies.decider,
  maintenance: maintenanceDecider,
  licence: licenceDecider,
  webhookEndpoint: webhookEndpointDecider,
  workflow: workflowDecider,
  projectWorkflow: projectWorkflowDecider,
  session: sessionDecider,
} as unknown as Record<string, Decider<never, never, unknown>>;

describe('Every decider', () => {
  describe.each(Object.entries(deciders))('%s', (_name, decider) => {
    it('refuses a command type it does not know instead of answering nothing', () => {
      const command = {
        type: 'NoSuchCommand',
        data: {},
        metadata: { actor: { userId: 'u', licenceId: 'l' }, now: '2026-01-01T00:00:00.000Z' },
      };
      let outcome: unknown;
      try {
        outcome = decider.decide(command as never, decider.initialState());
      } catch (e) {
        outcome = e;
      }
      // a DomainError (refused before the switch, e.g. for missing data) or the unknown-command error
      expect(outcome).toBeInstanceOf(Error);
    });
  });
});
