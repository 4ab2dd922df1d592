import { describe, expect, it } from 'vitest';
import { streamReplicas } from '../src/events/index.js';

describe('streamReplicas', () => {
  it('is 1 unless NATS_STREAM_REPLICAS says otherwise (3 on a clustered NATS)', () => {
    expect(streamReplicas({})).toBe(1);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '' })).toBe(1);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '3' })).toBe(3);
  });

  it('refuses a value JetStream would not take, naming the variable', () => {
    for (const bad of ['0', '6', '2.5', 'three']) {
      expect(() => streamReplicas({ NATS_STREAM_REPLICAS: bad })).toThrow(/NATS_STREAM_REPLICAS/);
    }
  });
});
