import type { FastifyInstance } from 'fastify';
import { maintenanceRoutes } from '@stramien/api';
import {
  DomainError,
  maintenanceDecider,
  maintenanceSchemas,
  systemMessages,
  MAINTENANCE_ID,
  toMaintenanceStreamId,
  type MaintenanceCommand,
} from '@stramien/domain';
import type { SignInKeys } from '@stramien/infra';
import { addRoute } from '../../plugins/route';
import { createCommandHandler, type Unsent } from '../../pipeline/commandHandler';
import { actorOf } from '../../plugins/auth';

/** Maintenance mode (spec §1, §2, §9): its status, the system admin's switch and the secret's exchange for a token. */
export const registerMaintenanceRoutes = (app: FastifyInstance): void => {
  const { limiter, hasher } = app.deps;
  const handleMaintenance = createCommandHandler(app, {
    decider: maintenanceDecider,
    schemas: maintenanceSchemas,
    toStreamId: toMaintenanceStreamId,
  });
  const loadMaintenance = () => handleMaintenance.load(MAINTENANCE_ID);

  addRoute(app, maintenanceRoutes.maintenanceStatus, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { enabled: (await app.maintenance.status()).enabled };
  });

  addRoute(app, maintenanceRoutes.switchMaintenance, async ({ body, request }) => {
    // the contract's 'system-admin' policy refused everyone else before this spends a password hash (addRoute)
    const actor = actorOf(request);
    const command: Unsent<MaintenanceCommand> = body.enabled
      ? { type: 'SwitchMaintenanceOn', data: { secretHash: await hasher.hash(body.secret) } }
      : { type: 'SwitchMaintenanceOff', data: {} };
    const result = await handleMaintenance(request, MAINTENANCE_ID, command, { actor, settle: false });
    app.maintenance.set({ enabled: result.state.enabled, period: result.state.period });
    await app.projectionWait.waitFor(result.position, app.minPositionWaitMs);
    return { data: { enabled: result.state.enabled }, position: result.position };
  });

  addRoute(app, maintenanceRoutes.maintenanceToken, async ({ body, request, reply }) => {
    // per address only (a lock per secret would let anyone lock the admins out during maintenance), on a key of its
    // own: guessing the maintenance secret does not lock sign-ins from that address, nor the other way round
    const keys: SignInKeys = { address: `maintenance|${request.ip}` };
    await limiter.guard(keys);
    const state = await loadMaintenance();
    if (!state.enabled || !state.secretHash) throw new DomainError(systemMessages.notOn, 409);
    if (!(await hasher.verify(body.secret, state.secretHash))) {
      await limiter.failure(keys);
      throw new DomainError(systemMessages.wrongSecret, 422, { secret: [systemMessages.wrongSecret] });
    }
    const { token } = app.maintenance.tokens.issue(state.period);
    reply.header('cache-control', 'no-store');
    return { token, lifetime_ms: app.maintenance.tokens.lifetimeMs };
  });
};
