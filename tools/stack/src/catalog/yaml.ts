import { Document, isMap, isScalar, parseAllDocuments } from 'yaml';

export const GENERATED_NOTE =
  'Generated from tools/stack/src/catalog by `npm run infra:generate`; edit the catalog, not this file.';

/**
 * YAML for one or more objects (separated by `---`), a header comment on top and, for each object,
 * comments before chosen keys (`{ 'spec.template.spec.terminationGracePeriodSeconds': '...' }`).
 */
export function toYaml(
  objects: { value: unknown; notes?: Record<string, string> }[],
  header: string,
): string {
  const parts = objects.map(({ value, notes }, index) => {
    const doc = new Document(value);
    if (index === 0) doc.commentBefore = ` ${header.split('\n').join('\n ')}`;
    for (const [path, comment] of Object.entries(notes ?? {})) {
      const keys = path.split('.');
      const last = keys.pop()!;
      const parent = keys.length === 0 ? doc.contents : doc.getIn(keys, true);
      if (!isMap(parent)) throw new Error(`no mapping at ${keys.join('.')} for a note`);
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === last);
      if (!pair || !isScalar(pair.key)) throw new Error(`no key ${path} for a note`);
      pair.key.commentBefore = ` ${comment.split('\n').join('\n ')}`;
    }
    return doc.toString({ lineWidth: 0 });
  });
  return parts.join('---\n');
}

/** A set of generated files and `add`, which writes one from its objects under the note. */
export function generatedYamlFiles() {
  const files = new Map<string, string>();
  const add = (name: string, header: string, objects: unknown[]) =>
    files.set(
      name,
      toYaml(
        objects.map((value) => ({ value })),
        `${GENERATED_NOTE}\n${header}`,
      ),
    );
  return { files, add };
}

/** Every document of a YAML file, as plain objects. */
export function parseYamlDocuments(text: string): unknown[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(doc.errors.map((e) => e.message).join('; '));
      return doc.toJS() as unknown;
    })
    .filter((value) => value !== null && value !== undefined);
}
