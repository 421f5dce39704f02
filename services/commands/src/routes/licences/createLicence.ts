import {
  licenceDecider,
  licenceModuleSchemas,
  licenceModulesDecider,
  licenceSchemas,
  toLicenceModulesStreamId,
  toLicenceStreamId,
} from '@stramien/domain';
import type { CommandContext, CommandPipeline } from '../../pipeline/commandPipeline';

/**
 * Creates a licence holding its standard modules (every module its kind may hold; docs/admin.md "Modules"): the one
 * way a licence comes to be, for `POST /licenses`, the demo seed and the tests. Answers the position of the last event.
 */
export const createLicence = async (
  pipeline: CommandPipeline,
  licence: { licenceId: string; name: string; themePrimary: string | null },
  context: CommandContext,
  now: string,
): Promise<number> => {
  const metadata = { actor: context.actor, now };
  await pipeline({
    decider: licenceDecider,
    schemas: licenceSchemas,
    streamId: toLicenceStreamId(licence.licenceId),
    command: { type: 'CreateLicence', data: licence, metadata },
    context,
  });
  const granted = await pipeline({
    decider: licenceModulesDecider,
    schemas: licenceModuleSchemas,
    streamId: toLicenceModulesStreamId(licence.licenceId),
    command: { type: 'GrantStandardModules', data: { licenceId: licence.licenceId, licenceName: licence.name }, metadata },
    context,
  });
  return granted.position;
};
