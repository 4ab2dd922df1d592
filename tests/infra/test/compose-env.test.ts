/**
 * What scripts/compose-env.mjs writes is what the compose setup can start with: in particular the
 * NATS passwords, which nats-server reads from its environment as configuration values (a value
 * that starts with a digit is a number, and the server refuses its configuration).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { natsServerBinary } from '@pv/service-kit/testing';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The script's output with an empty environment (but PATH): every required variable generated. */
function generated(): Map<string, string> {
  const output = execFileSync(process.execPath, [path.join(root, 'scripts/compose-env.mjs')], {
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });
  return new Map(
    [...output.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
}

describe('scripts/compose-env.mjs', () => {
  it('writes every NATS password so that nats-server reads it as a string', () => {
    const nats = [...generated()].filter(([name]) => name.startsWith('NATS_PASSWORD_'));
    expect(nats.length).toBeGreaterThanOrEqual(7);
    for (const [, value] of nats) expect(value).toMatch(/^[a-z][0-9a-f]{48}$/);
  });

  it.runIf(natsServerBinary())('the shipped nats.conf parses with those passwords', () => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
    for (const [name, value] of generated())
      if (name.startsWith('NATS_PASSWORD_')) env[name] = value;
    // -t: test the configuration and exit (non-zero, so execFileSync throws, when it does not parse).
    expect(() =>
      execFileSync(
        natsServerBinary() as string,
        ['-c', path.join(root, 'infra/nats/nats.conf'), '-t'],
        {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    ).not.toThrow();
  });
});
