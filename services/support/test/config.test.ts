import { ConfigError } from '@pv/service-kit/runtime';
import { describe, expect, it } from 'vitest';
import { loadSupportConfig } from '../src/config.js';
import { resolvedAtChange } from '../src/tickets/ticket.service.js';

const base = { SESSION_PUBLIC_KEY: 'A'.repeat(44) };

describe('support configuration', () => {
  it('defaults suit one machine: port 8085, database support, 5 anonymous and 20 signed-in tickets an hour', () => {
    expect(loadSupportConfig(base)).toMatchObject({
      PORT: 8085,
      SUPPORT_DATABASE: 'support',
      SUPPORT_ANON_TICKETS_PER_HOUR: 5,
      SUPPORT_USER_TICKETS_PER_HOUR: 20,
      SUPPORT_CONSUMER: 'support-users',
    });
  });

  it('refuses a limit below 1 and a malformed consumer name', () => {
    expect(() => loadSupportConfig({ ...base, SUPPORT_ANON_TICKETS_PER_HOUR: '0' })).toThrow(
      ConfigError,
    );
    expect(() => loadSupportConfig({ ...base, SUPPORT_CONSUMER: 'com espaço' })).toThrow(
      ConfigError,
    );
  });
});

describe('the resolvedAt rule', () => {
  const at = new Date();
  it.each([
    ['resolved', null, 'stamp'],
    ['resolved', at, 'keep'],
    ['closed', null, 'keep'],
    ['closed', at, 'keep'],
    ['open', at, 'clear'],
    ['in_progress', at, 'clear'],
    ['open', null, 'keep'],
    [undefined, at, 'keep'],
  ] as const)('status %s with resolvedAt %s: %s', (status, current, expected) => {
    expect(resolvedAtChange(status, current)).toBe(expected);
  });
});
