/**
 * The worst JSON bodies a stranger can send a route, for the hostile-input tests: one past the
 * body limit, ones nested deeper than any schema (the whole body, a field, an unknown key beside
 * valid fields: a recursive JSON.stringify of it throws), one with tens of thousands of unknown
 * keys, one long list, one long string in every field the route names. Each is sent raw (fetch), so the
 * service parses what was sent, not what a client library would make of it.
 */
export interface HostileBody {
  name: string;
  body: string;
}

const DEPTH = 50_000;
const KEYS = 40_000;

/**
 * `fields` are the route's own string fields (a valid-looking base body): the many-keys and long
 * string bodies keep them so validation cannot stop at a missing field.
 */
export function hostileBodies(fields: Record<string, unknown>, limitBytes: number): HostileBody[] {
  const many: Record<string, unknown> = { ...fields };
  for (let i = 0; i < KEYS; i++) many[`k${i}`] = i;
  const long: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields))
    long[key] = typeof value === 'string' ? `${'\t'.repeat(100_000)}x` : value;
  return [
    {
      name: 'past the body limit',
      body: JSON.stringify({ ...fields, pad: 'a'.repeat(limitBytes) }),
    },
    { name: 'nested 50,000 deep', body: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}` },
    { name: 'nested arrays 50,000 deep', body: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}` },
    {
      name: 'nested in a field',
      body: JSON.stringify({ ...fields, [Object.keys(fields)[0] ?? 'a']: null }).replace(
        'null',
        `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
      ),
    },
    {
      name: 'nested 50,000 deep under an unknown key',
      body: JSON.stringify({ ...fields, extra: null }).replace(
        '"extra":null',
        `"extra":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
      ),
    },
    { name: `${KEYS} unknown keys`, body: JSON.stringify(many) },
    { name: 'a list of 100,000 items', body: JSON.stringify([...Array(100_000).keys()]) },
    { name: '100,000 blanks in every string field', body: JSON.stringify(long) },
  ];
}

export interface HostileAnswer {
  name: string;
  status: number;
  ms: number;
  body: Record<string, unknown>;
}

/** Sends each hostile body to `url` and answers status, time and the parsed answer. */
export async function sendHostileBodies(
  url: string,
  bodies: HostileBody[],
  headers: Record<string, string> = {},
): Promise<HostileAnswer[]> {
  const answers: HostileAnswer[] = [];
  for (const { name, body } of bodies) {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { unparsed: text.slice(0, 200) };
    }
    answers.push({ name, status: response.status, ms, body: parsed });
  }
  return answers;
}

/** English words of the framework's own messages: an answer in the error shape is pt-BR. */
const ENGLISH = /\b(body|request|unexpected|invalid|must|should|payload|too large|error)\b/i;

/**
 * What is wrong with the answers to hostile bodies, one line each (none: all well): each must be
 * a 4xx in the one error shape (`statusCode`, `code`, `message`, `requestId`) with a pt-BR
 * message, answered within `boundMs`. `accepted` names the bodies the route may take (a 2xx):
 * unknown keys beside valid fields, where the schema allows them.
 */
export function hostileAnswerProblems(
  answers: HostileAnswer[],
  boundMs: number,
  accepted: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  for (const a of answers) {
    const where = `${a.name} (${a.status}, ${a.ms.toFixed(0)} ms)`;
    if (a.ms >= boundMs) problems.push(`${where}: slower than ${boundMs} ms`);
    if (accepted.includes(a.name) && a.status < 300) continue;
    if (a.status < 400 || a.status >= 500) problems.push(`${where}: not a 4xx`);
    const { statusCode, code, message, requestId } = a.body;
    if (statusCode !== a.status || typeof code !== 'string' || typeof requestId !== 'string')
      problems.push(`${where}: not the error shape: ${JSON.stringify(a.body).slice(0, 200)}`);
    if (typeof message !== 'string' || message === '' || ENGLISH.test(message))
      problems.push(`${where}: message not in pt-BR: ${String(message)}`);
  }
  return problems;
}
