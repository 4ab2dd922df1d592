import { describe, expect, it } from 'vitest';
import { privateRedisPersistence } from '../src/infra/redis.js';

describe('the private Redis of npm start', () => {
  it('keeps an append-only file for npm start (queued jobs survive a restart), none for tests', () => {
    expect(privateRedisPersistence('start')).toEqual([
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
    ]);
    expect(privateRedisPersistence('test')).toEqual(['--appendonly', 'no']);
  });
});
