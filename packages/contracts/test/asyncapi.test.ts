import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asyncApiDocument, EVENT_CHANNELS, EventCatalog, PHI_FREE_SUBJECTS } from '@pv/contracts';
import { describe, expect, it } from 'vitest';

// docs/api/events.asyncapi.json is generated from the contracts, next to the OpenAPI documents.
// `UPDATE_ASYNCAPI=1` on this file rewrites it; otherwise a stale file fails.
const file = fileURLToPath(new URL('../../../docs/api/events.asyncapi.json', import.meta.url));

/** Every "$ref" in the document, with the value it points to (undefined when it dangles). */
function refs(doc: unknown): { ref: string; target: unknown }[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') found.push(value);
        else walk(value);
      }
    }
  };
  walk(doc);
  return found.map((ref) => ({
    ref,
    target: ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], doc),
  }));
}

describe('the AsyncAPI document of the events', () => {
  const doc = asyncApiDocument() as {
    asyncapi: string;
    channels: Record<string, { address: string }>;
    components: { messages: Record<string, { tags: { name: string }[] }> };
  };

  it('is AsyncAPI 3 with one channel per subject of the catalog, every $ref resolving', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(Object.keys(doc.channels).sort()).toEqual(Object.keys(EventCatalog).sort());
    for (const [name, channel] of Object.entries(doc.channels)) expect(channel.address).toBe(name);
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const { ref, target } of all) expect(target, ref).toBeDefined();
  });

  it('says which events are PHI-free and which are restricted (clinical text is restricted)', () => {
    expect(EVENT_CHANNELS['phi.consult.formatted.v1'].classification).toBe('restricted');
    expect(EVENT_CHANNELS['audit.access.recorded.v1'].classification).toBe('restricted');
    expect(PHI_FREE_SUBJECTS).toEqual([
      'consult.formatted.v1',
      'ai.request.completed.v1',
      // Admin-authored configuration (the 'Templates IA' tab): no patient text, no person.
      'ai.template.changed.v1',
      'document.generated.v1',
      'usage.speech-seconds.v1',
      'billing.subscription.changed.v1',
    ]);
    for (const [subject, message] of Object.entries(doc.components.messages)) {
      expect(message.tags.map((t) => t.name)).toContain(
        EVENT_CHANNELS[subject as keyof typeof EVENT_CHANNELS].classification,
      );
    }
  });

  it('is published in docs/api as generated', () => {
    const generated = `${JSON.stringify(doc, null, 2)}\n`;
    if (process.env.UPDATE_ASYNCAPI === '1' || !existsSync(file)) writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8'), `${file} is stale: UPDATE_ASYNCAPI=1`).toBe(generated);
  });
});
