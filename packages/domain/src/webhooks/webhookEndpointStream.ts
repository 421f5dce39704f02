/** The webhook endpoint aggregate's stream: 'webhookEndpoint-<id>' (category 'webhookEndpoint'). */
export const toWebhookEndpointStreamId = (endpointId: string): string => `webhookEndpoint-${endpointId}`;
/** the stream category of webhook endpoints: never delivered to webhooks nor listed in the event feed (it holds sealed secrets) */
export const WEBHOOK_ENDPOINT_CATEGORY = 'webhookEndpoint';
