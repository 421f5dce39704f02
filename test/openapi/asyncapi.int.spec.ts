import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { asyncApiDocument, eventRoutes } from '@stramien/api';
import { EVENT_CATALOGUE, HIDDEN_EVENT_CATEGORIES } from '@stramien/domain';
import { startTestServer } from '@stramien/commands/testing/testServer';

/** The published event catalogue, checked by an independent AsyncAPI parser (issue 10). */
describe('the AsyncAPI document', () => {
  it('is valid AsyncAPI 3 and lists every published event type with its subject, webhook name and payload', async () => {
    const document = asyncApiDocument('test');
    const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(document));
    const errors = diagnostics.filter((d) => d.severity === 0);
    expect(errors.map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([]);
    expect(parsed).toBeDefined();
    const published = EVENT_CATALOGUE.filter((c) => !HIDDEN_EVENT_CATEGORIES.includes(c.category));
    const expected = published.flatMap((c) => Object.keys(c.schemas).map((type) => `${c.category}.${type}`));
    expect(
      parsed!
        .channels()
        .all()
        .map((c) => c.id())
        .sort(),
    ).toEqual([...expected].sort());
    const closed = parsed!.channels().get('task.TaskClosed')!;
    expect(closed.address()).toBe('stramien.{licenceId}.task.TaskClosed');
    const message = closed.messages().all()[0]!;
    expect(message.extensions().get('x-webhook-name')?.value()).toBe('task.TaskClosed');
    expect(message.payload()?.properties()?.['data']?.required()).toEqual(expect.arrayContaining(['taskId', 'title']));
    expect(JSON.stringify(document)).not.toContain('webhookEndpoint.');
  });

  it('is served beside the OpenAPI document without a token', async () => {
    const server = await startTestServer();
    try {
      const res = await fetch(`${server.url}${eventRoutes.asyncapi.path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ asyncapi: '3.0.0' });
    } finally {
      await server.close();
    }
  });
});
