import type { Redis } from 'ioredis';
import pg from 'pg';

/**
 * The Redis keys (matching `pattern`) whose name or content contains `needle` (case-insensitive),
 * whatever their type: strings, hashes, lists, sets, sorted sets and streams (BullMQ's event
 * stream included).
 * For tests that prove personal data is gone.
 * @example expect(await redisKeysContaining(redis, 'ZEBRAFINCH', 'bull:formatting:*')).toEqual([])
 */
export async function redisKeysContaining(
  redis: Redis,
  needle: string,
  pattern = '*',
): Promise<string[]> {
  const found: string[] = [];
  const wanted = needle.toLowerCase();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      if (
        key.toLowerCase().includes(wanted) ||
        (await contentOf(redis, key)).toLowerCase().includes(wanted)
      )
        found.push(key);
    }
  } while (cursor !== '0');
  return found;
}

async function contentOf(redis: Redis, key: string): Promise<string> {
  switch (await redis.type(key)) {
    case 'string':
      return (await redis.get(key)) ?? '';
    case 'hash':
      return JSON.stringify(await redis.hgetall(key));
    case 'list':
      return JSON.stringify(await redis.lrange(key, 0, -1));
    case 'set':
      return JSON.stringify(await redis.smembers(key));
    case 'zset':
      return JSON.stringify(await redis.zrange(key, 0, '-1'));
    case 'stream':
      return JSON.stringify(await redis.xrange(key, '-', '+'));
    default:
      return '';
  }
}

/**
 * The tables of a Postgres database where `needle` appears in some row (any column, as text,
 * case-insensitive).
 * @example expect(await databaseRowsContaining(url, userEmail)).toEqual([])
 */
export async function databaseRowsContaining(url: string, needle: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const found: string[] = [];
    for (const { table_name } of tables.rows) {
      const quoted = `"${table_name.replace(/"/g, '""')}"`;
      const hit = await client.query(
        `SELECT count(*)::int AS n FROM ${quoted} t WHERE position(lower($1) in lower(t::text)) > 0`,
        [needle],
      );
      if ((hit.rows[0] as { n: number }).n > 0) found.push(table_name);
    }
    return found;
  } finally {
    await client.end();
  }
}
