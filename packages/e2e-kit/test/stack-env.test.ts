import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.js';
import {
  buildStackEnv,
  classifyStackLine,
  discoverServiceSettings,
  E2E_ADMIN,
  e2eOrigins,
  stripAnsi,
} from '../src/stack-env.js';

describe('discoverServiceSettings', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives every <NAME>_DATABASE and <NAME>_QUEUE of services/*/src/config.ts an e2e value', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pv-e2e-settings-'));
    const write = (service: string, source: string) => {
      mkdirSync(path.join(dir!, 'services', service, 'src'), { recursive: true });
      writeFileSync(path.join(dir!, 'services', service, 'src', 'config.ts'), source);
    };
    write(
      'documents',
      "DOCUMENTS_DATABASE: Type.String({ default: 'documents' }),\n  PDF_QUEUE: x,",
    );
    write('speech-proxy', 'SPEECH_PROXY_DATABASE: Type.String(),');
    mkdirSync(path.join(dir, 'services', 'empty'), { recursive: true });
    expect(discoverServiceSettings(dir)).toEqual({
      databases: { DOCUMENTS_DATABASE: 'e2e_documents', SPEECH_PROXY_DATABASE: 'e2e_speech_proxy' },
      queues: { PDF_QUEUE: 'e2e-pdf' },
    });
  });

  it('finds the databases of this repository, auth among them', () => {
    const { databases } = discoverServiceSettings(repoRoot);
    expect(databases.AUTH_DATABASE).toBe('e2e_auth');
    for (const name of Object.values(databases)) expect(name).toMatch(/^e2e_[a-z0-9_]+$/);
  });
});

describe('buildStackEnv', () => {
  const inputs = {
    parentEnv: {
      PATH: '/usr/bin',
      VITEST: 'true',
      VITEST_POOL_ID: '1',
      TEST: 'true',
      FORCE_COLOR: '1',
      NODE_ENV: 'test',
      OPENAI_API_KEY: 'sk-local',
    },
    port: 18080,
    infra: {
      postgresUrl: 'postgres://postgres@127.0.0.1:5432',
      redisUrl: 'redis://127.0.0.1:6379',
      natsUrl: 'nats://127.0.0.1:4222',
    },
    settings: { databases: { AUTH_DATABASE: 'e2e_auth' }, queues: { PDF_QUEUE: 'e2e-pdf' } },
    admin: E2E_ADMIN,
    redisKeyPrefix: 'pv:e2e:0a1b2c3d:',
    mail: { webPort: 18180, smtpPort: 18125 },
  };

  it('runs the services as npm start does, on the e2e port, origins, databases and admin', () => {
    const env = buildStackEnv(inputs);
    expect(env).toMatchObject({
      PATH: '/usr/bin',
      OPENAI_API_KEY: 'sk-local',
      NODE_ENV: 'production',
      PORT: '18080',
      PUBLIC_ORIGINS: 'http://localhost:18080,http://127.0.0.1:18080',
      POSTGRES_URL: 'postgres://postgres@127.0.0.1:5432',
      AUTH_DATABASE: 'e2e_auth',
      PDF_QUEUE: 'e2e-pdf',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Not the default `pv:`: what npm start counted in Redis is not the e2e stack's.
      REDIS_KEY_PREFIX: 'pv:e2e:0a1b2c3d:',
    });
    for (const marker of ['VITEST', 'VITEST_POOL_ID', 'TEST', 'FORCE_COLOR'])
      expect(env).not.toHaveProperty(marker);
  });

  it('lets options.env have the last word', () => {
    const env = buildStackEnv({
      ...inputs,
      extra: { SONIOX_API_URL: 'http://127.0.0.1:9999', NODE_ENV: 'development' },
    });
    expect(env.SONIOX_API_URL).toBe('http://127.0.0.1:9999');
    expect(env.NODE_ENV).toBe('development');
  });

  it('lists both spellings of the e2e origin', () => {
    expect(e2eOrigins(5000)).toEqual(['http://localhost:5000', 'http://127.0.0.1:5000']);
  });
});

describe('classifyStackLine', () => {
  it('recognises the start command verdicts of tools/stack', () => {
    expect(classifyStackLine('[stack] all services ready in 4.2 s')).toEqual({ kind: 'ready' });
    expect(
      classifyStackLine(
        '[stack] stopped before being ready: support, vault (see their output above).',
      ),
    ).toMatchObject({ kind: 'failed', services: ['support', 'vault'] });
    expect(
      classifyStackLine(
        '[stack] not ready after 90.0 s: billing (http://127.0.0.1:8084/ready). They keep running; see their output above.',
      ),
    ).toMatchObject({ kind: 'failed', services: ['billing'] });
    expect(
      classifyStackLine(
        '[stack] building @pv/admin-web failed (exit code 1); fix the errors above',
      ),
    ).toMatchObject({ kind: 'failed', services: [] });
    expect(
      classifyStackLine('[stack] vault exited unexpectedly with code 1. Still running: auth'),
    ).toMatchObject({ kind: 'crashed', service: 'vault' });
  });

  it('ignores service output, even when it quotes a verdict', () => {
    expect(classifyStackLine('auth | [stack] all services ready')).toBeUndefined();
    expect(classifyStackLine('[stack] building @pv/workspace-web...')).toBeUndefined();
  });

  it('strips colours', () => {
    expect(stripAnsi('\u001b[31m[stack]\u001b[0m ok')).toBe('[stack] ok');
  });
});
