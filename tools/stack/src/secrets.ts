import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SessionKeys {
  /** base64 of the SPKI DER encoding */
  publicKey: string;
  /** base64 of the PKCS8 DER encoding */
  privateKey: string;
  source: 'env' | 'file' | 'created';
}

export interface VaultSecrets {
  hmacSecret: string;
  adminKey: string;
  /** True when this call generated at least one value and wrote it to the file. */
  created: boolean;
}

function readJson(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value !== null && typeof value === 'object'
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    throw new Error(`${file} is not valid JSON; delete it to have it generated again`);
  }
}

function writeSecretFile(file: string, value: object): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The Ed25519 pair that signs sessions: from SESSION_PUBLIC_KEY/SESSION_PRIVATE_KEY when both are
 * set, else from `<keysDir>/session.json`, which is created on first use so that sessions survive
 * restarts.
 */
export function ensureSessionKeys(
  keysDir: string,
  env: NodeJS.ProcessEnv = process.env,
): SessionKeys {
  const envPublic = nonEmpty(env.SESSION_PUBLIC_KEY);
  const envPrivate = nonEmpty(env.SESSION_PRIVATE_KEY);
  if (envPublic && envPrivate)
    return { publicKey: envPublic, privateKey: envPrivate, source: 'env' };
  if (envPublic || envPrivate) {
    // Half a pair from the environment and half from the file could never verify each other.
    throw new Error('Set both SESSION_PUBLIC_KEY and SESSION_PRIVATE_KEY, or neither.');
  }
  const file = path.join(keysDir, 'session.json');
  const stored = readJson(file);
  if (typeof stored?.publicKey === 'string' && typeof stored.privateKey === 'string') {
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, source: 'file' };
  }
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pair = {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  };
  writeSecretFile(file, { algorithm: 'ed25519', ...pair });
  return { ...pair, source: 'created' };
}

/** VAULT_HMAC_SECRET and VAULT_ADMIN_KEY: each from the environment, else `<keysDir>/vault.json`. */
export function ensureVaultSecrets(
  keysDir: string,
  env: NodeJS.ProcessEnv = process.env,
): VaultSecrets {
  const file = path.join(keysDir, 'vault.json');
  const stored = readJson(file) ?? {};
  let created = false;
  const pick = (envName: string, field: string): string => {
    const fromEnv = nonEmpty(env[envName]);
    if (fromEnv) return fromEnv;
    const fromFile = stored[field];
    if (typeof fromFile === 'string' && fromFile !== '') return fromFile;
    const generated = randomBytes(32).toString('hex');
    stored[field] = generated;
    created = true;
    return generated;
  };
  const hmacSecret = pick('VAULT_HMAC_SECRET', 'hmacSecret');
  const adminKey = pick('VAULT_ADMIN_KEY', 'adminKey');
  if (created) writeSecretFile(file, stored);
  return { hmacSecret, adminKey, created };
}

/**
 * A 256-bit key (64 hex) a process seals data with: from the environment variable `name`, else
 * `<keysDir>/<file>`, else generated there (mode 0600) so that restarts agree.
 */
function ensureSealingKey(
  keysDir: string,
  env: NodeJS.ProcessEnv,
  name: string,
  file: string,
): { key: string; created: boolean } {
  const fromEnv = nonEmpty(env[name]);
  if (fromEnv) return { key: fromEnv, created: false };
  const filePath = path.join(keysDir, file);
  const stored = readJson(filePath) ?? {};
  if (typeof stored.key === 'string' && /^[0-9a-fA-F]{64}$/.test(stored.key))
    return { key: stored.key, created: false };
  const key = randomBytes(32).toString('hex');
  writeSecretFile(filePath, { key });
  return { key, created: true };
}

/**
 * VERIFICATION_EVIDENCE_KEY (issue 23: seals the council-card evidence of professional
 * verification), kept in `<keysDir>/verification.json`.
 */
export const ensureEvidenceKey = (keysDir: string, env: NodeJS.ProcessEnv = process.env) =>
  ensureSealingKey(keysDir, env, 'VERIFICATION_EVIDENCE_KEY', 'verification.json');

/**
 * TOTP_SECRET_KEY (issue 23: seals the admins' TOTP secrets at rest), kept in
 * `<keysDir>/totp.json`. Losing it means every admin enrols again (another admin resets their
 * factor), so it is kept with the other keys and backed up with them.
 */
export const ensureTotpSecretKey = (keysDir: string, env: NodeJS.ProcessEnv = process.env) =>
  ensureSealingKey(keysDir, env, 'TOTP_SECRET_KEY', 'totp.json');

/**
 * SIGNING_KEK (issue 14: the key that wraps each stored signing certificate's data key): from the
 * environment, else `<keysDir>/signing.json`, else generated there, so digital signature works
 * under `npm start` as it does in production with a key of its own (or a KMS).
 */
export function ensureSigningKey(
  keysDir: string,
  env: NodeJS.ProcessEnv = process.env,
): { kek: string; created: boolean } {
  const fromEnv = nonEmpty(env.SIGNING_KEK);
  if (fromEnv) return { kek: fromEnv, created: false };
  const file = path.join(keysDir, 'signing.json');
  const stored = readJson(file) ?? {};
  if (typeof stored.kek === 'string' && /^[0-9a-fA-F]{64}$/.test(stored.kek))
    return { kek: stored.kek, created: false };
  const kek = randomBytes(32).toString('hex');
  writeSecretFile(file, { kek });
  return { kek, created: true };
}

/**
 * A password per NATS user (docs/nats-identity.md): from `<keysDir>/nats.json`, generated there
 * for users it does not hold yet, so `npm start`'s authorized NATS and its processes agree across
 * restarts.
 */
export function ensureNatsPasswords(
  keysDir: string,
  users: readonly string[],
): Record<string, string> {
  const file = path.join(keysDir, 'nats.json');
  const stored = readJson(file) ?? {};
  let created = false;
  const passwords: Record<string, string> = {};
  for (const user of users) {
    const value = stored[user];
    if (typeof value === 'string' && /^[0-9a-f]{48}$/.test(value)) passwords[user] = value;
    else {
      passwords[user] = randomBytes(24).toString('hex');
      stored[user] = passwords[user];
      created = true;
    }
  }
  if (created) writeSecretFile(file, stored);
  return passwords;
}
