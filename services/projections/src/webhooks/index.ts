import type { Projection } from '../runner/projection';
import { webhookEndpointsProjection } from './webhookEndpoints';

/** Read models of the webhooks context (the delivery log is the dispatcher's own: services/webhooks). */
export const webhookProjections: Projection[] = [webhookEndpointsProjection] as unknown as Projection[];
