import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import { EVENT_CATALOGUE } from './eventCatalogue';

describe('the event catalogue', () => {
  it('holds every event schema set the domain exports, each category once', () => {
    const listed = new Set<unknown>(EVENT_CATALOGUE.map((c) => c.schemas));
    const exported = Object.entries(domain).filter(([name]) => /EventSchemas$/.test(name));
    expect(exported.length).toBeGreaterThan(10);
    for (const [name, schemas] of exported) expect(listed.has(schemas), `${name} is in EVENT_CATALOGUE`).toBe(true);
    const categories = EVENT_CATALOGUE.map((c) => c.category);
    expect(new Set(categories).size).toBe(categories.length);
  });
});
