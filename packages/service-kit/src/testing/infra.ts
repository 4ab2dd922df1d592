import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../db.js';

/** Infrastructure URLs for tests: the ones `npm test` provisioned, or the standard local ports. */
export const testInfra = {
  postgresUrl: process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
};

/** A fresh Ed25519 keypair in the env format (base64 DER). */
export function testSessionKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

/** A uniquely named, empty database for one test file; drop it in afterAll. */
export async function createTestDatabase(
  prefix: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `t_${prefix}_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(testInfra.postgresUrl, name);
  return { name, drop: () => dropDatabase(testInfra.postgresUrl, name) };
}
