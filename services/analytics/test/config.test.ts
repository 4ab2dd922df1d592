import { ConfigError } from '@pv/service-kit/runtime';
import { testSessionKeys } from '@pv/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { loadAnalyticsConfig } from '../src/config.js';

const { publicKey } = testSessionKeys();

describe('analytics configuration', () => {
  it('has working defaults', () => {
    expect(loadAnalyticsConfig({ SESSION_PUBLIC_KEY: publicKey })).toMatchObject({
      PORT: 8087,
      ANALYTICS_DATABASE: 'analytics',
      ANALYTICS_CONSUMER: 'analytics-events',
      PAGE_VIEW_MAX_PER_MINUTE: 120,
      VISITOR_IP_RETENTION_DAYS: 90,
      VISITOR_PURGE_INTERVAL_MINUTES: 60,
    });
  });

  it('names every malformed variable', () => {
    try {
      loadAnalyticsConfig({
        SESSION_PUBLIC_KEY: publicKey,
        ANALYTICS_CONSUMER: 'bad name',
        VISITOR_IP_RETENTION_DAYS: '3',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('ANALYTICS_CONSUMER is malformed');
      expect((error as Error).message).toContain('VISITOR_IP_RETENTION_DAYS is malformed');
    }
  });
});
