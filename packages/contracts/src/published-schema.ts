/**
 * The contracts carry a pt-BR `errorMessage` next to a field's rules; the service kit's Ajv reads
 * it to answer a bad request in Portuguese. It is not a JSON Schema or OpenAPI keyword, so a
 * document others read (OpenAPI, AsyncAPI) carries it as the extension `x-errorMessage`: OpenAPI
 * allows only `x-` keywords beyond its own, and client generators reject anything else.
 */
export const PUBLISHED_ERROR_MESSAGE_KEYWORD = 'x-errorMessage';

/**
 * A deep copy of a schema (or a whole document) as it is published: plain JSON (TypeBox's symbol
 * keys dropped) with every `errorMessage` renamed. Never edits its input, whose schemas Fastify
 * still validates with.
 */
export function publishedSchema<T>(value: T): T {
  const rename = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rename);
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      // Under `properties`, a key is a field's name, not a keyword: a field may be called anything.
      if (key === 'properties' && child && typeof child === 'object' && !Array.isArray(child)) {
        copy[key] = Object.fromEntries(
          Object.entries(child).map(([field, schema]) => [field, rename(schema)]),
        );
      } else {
        copy[key === 'errorMessage' ? PUBLISHED_ERROR_MESSAGE_KEYWORD : key] = rename(child);
      }
    }
    return copy;
  };
  return rename(JSON.parse(JSON.stringify(value))) as T;
}
