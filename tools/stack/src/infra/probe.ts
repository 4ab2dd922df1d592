// "Is a usable server at this URL?" for any component, over every endpoint the URL names.
import { type ComponentKey, parseServerUrl } from './components.js';
import { probeNats } from './nats.js';
import type { ProbeResult } from './net.js';
import { probePostgres } from './postgres.js';
import { probeRedis } from './redis.js';

export async function probeComponent(key: ComponentKey, url: string): Promise<ProbeResult> {
  if (key === 'postgres') return probePostgres(url);
  const { endpoints } = parseServerUrl(key, url);
  const reasons: string[] = [];
  for (const endpoint of endpoints) {
    const result = key === 'redis' ? await probeRedis(endpoint) : await probeNats(endpoint);
    if (result.ok) return result;
    reasons.push(`${endpoint.host}:${endpoint.port}: ${result.reason}`);
  }
  return { ok: false, reason: reasons.join('; ') };
}
