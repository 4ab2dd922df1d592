import { readFileSync } from 'node:fs';
import { EventCatalog, EventEnvelopeSchema, type EventSubject } from '@pv/contracts';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import '../src/formats.js';

/**
 * v1 payloads as the services wrote them on 2026-11-26, frozen. A change to a v1 schema that
 * rejects one of them breaks consumers reading the stream's 30 days of history: make a v2
 * subject instead (docs/events.md). Never edit this file to make the test pass; add to it.
 */
const written = JSON.parse(
  readFileSync(new URL('./fixtures/events-v1.json', import.meta.url), 'utf8'),
) as { subject: EventSubject }[];

describe('event compatibility', () => {
  it('has a frozen v1 example of every subject', () => {
    expect(new Set(written.map((e) => e.subject))).toEqual(new Set(Object.keys(EventCatalog)));
  });

  it.each(written.map((event) => [event.subject, event] as const))(
    '%s written today still validates',
    (subject, event) => {
      const schema = EventEnvelopeSchema(EventCatalog[subject]);
      expect([...Value.Errors(schema, event)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
    },
  );
});
