import * as nodeCrypto from 'node:crypto';
import { createHash, pbkdf2Sync } from 'node:crypto';
import forge from 'node-forge';

/**
 * node-forge derives PKCS#12 keys in pure JavaScript: about 40 ms for one OpenSSL-default file
 * and unbounded for a hostile one (the iteration counts come from the file). While forge opens
 * a file we route its three key-derivation entry points to Node's native crypto, with a cap on
 * the iterations each derivation and the whole file may ask for.
 */

/** OpenSSL and Windows use 2048/2000; Java keytool 10000. */
export const MAX_ITERATIONS_PER_DERIVATION = 100_000;
export const MAX_ITERATIONS_PER_FILE = 400_000;

export class KdfLimitError extends Error {
  constructor() {
    super('key derivation asks for too many iterations');
    this.name = 'KdfLimitError';
  }
}

interface ForgeDigest {
  algorithm?: string;
}

interface ForgeKdfs {
  pkcs5: { pbkdf2: (...args: unknown[]) => unknown };
  pkcs12: { generateKey: (...args: unknown[]) => unknown };
  pki: { pbe: { generatePkcs12Key: (...args: unknown[]) => unknown } };
}

const NODE_HASHES: Record<string, { size: number; block: number }> = {
  sha1: { size: 20, block: 64 },
  sha256: { size: 32, block: 64 },
  sha384: { size: 48, block: 128 },
  sha512: { size: 64, block: 128 },
  md5: { size: 16, block: 64 },
};

function hashName(md: unknown): string {
  const name = (md as ForgeDigest | undefined)?.algorithm ?? 'sha1';
  if (!(name in NODE_HASHES)) throw new KdfLimitError();
  return name;
}

function toBuffer(bytes: unknown): Buffer {
  if (typeof bytes === 'string') return Buffer.from(bytes, 'binary');
  return Buffer.from((bytes as forge.util.ByteStringBuffer).bytes(), 'binary');
}

// crypto.hash (Node >= 20.12) is about four times faster than createHash on these short inputs.
const hashOnce: (name: string, data: Buffer) => Buffer =
  typeof nodeCrypto.hash === 'function'
    ? (name, data) => nodeCrypto.hash(name, data, 'buffer')
    : (name, data) => createHash(name).update(data).digest();

/** RFC 7292 appendix B.2, the PKCS#12 key derivation (MAC keys and the legacy PBE ciphers). */
export function pkcs12Kdf(
  password: string | null | undefined,
  salt: Buffer,
  id: number,
  iterations: number,
  size: number,
  hash: string,
): Buffer {
  const { size: u, block: v } = NODE_HASHES[hash]!;
  // The password as a BMPString with its two-byte terminator, as PKCS#12 and forge encode it.
  const pass =
    password === null || password === undefined
      ? Buffer.alloc(0)
      : Buffer.concat([Buffer.from(password, 'utf16le').swap16(), Buffer.alloc(2)]);
  const repeat = (source: Buffer) => {
    const out = Buffer.alloc(v * Math.ceil(source.length / v));
    for (let i = 0; i < out.length; i++) out[i] = source[i % source.length]!;
    return out;
  };
  const d = Buffer.alloc(v, id);
  const i = Buffer.concat([repeat(salt), repeat(pass)]);
  const out: Buffer[] = [];
  for (let produced = 0; produced < size; produced += u) {
    let a: Buffer = createHash(hash).update(d).update(i).digest();
    for (let round = 1; round < iterations; round++) a = hashOnce(hash, a);
    out.push(a);
    const b = repeat(a);
    for (let j = 0; j < i.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        carry += i[j + k]! + b[k]!;
        i[j + k] = carry & 0xff;
        carry >>>= 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, size);
}

/**
 * Runs `open` (a synchronous forge call) with native, capped key derivation, then puts forge
 * back exactly as it was. Safe because forge's PKCS#12 parsing is synchronous: nothing else
 * runs in between.
 */
export function withNativeKdf<T>(open: () => T): T {
  const f = forge as unknown as ForgeKdfs;
  const saved = {
    pbkdf2: f.pkcs5.pbkdf2,
    generateKey: f.pkcs12.generateKey,
    generatePkcs12Key: f.pki.pbe.generatePkcs12Key,
  };
  let spent = 0;
  const charge = (iterations: number) => {
    spent += iterations;
    if (
      !Number.isSafeInteger(iterations) ||
      iterations < 1 ||
      iterations > MAX_ITERATIONS_PER_DERIVATION ||
      spent > MAX_ITERATIONS_PER_FILE
    ) {
      throw new KdfLimitError();
    }
  };
  const pkcs12Key = (...args: unknown[]) => {
    const [password, salt, id, iterations, size, md] = args as [
      string | null,
      unknown,
      number,
      number,
      number,
      unknown,
    ];
    charge(iterations);
    const key = pkcs12Kdf(password, toBuffer(salt), id, iterations, size, hashName(md));
    return forge.util.createBuffer(key.toString('binary'));
  };
  f.pkcs5.pbkdf2 = (...args: unknown[]) => {
    const [password, salt, iterations, size, md] = args as [
      string,
      string,
      number,
      number,
      unknown,
    ];
    charge(iterations);
    // RFC 8018 takes the password as octets; OpenSSL uses the UTF-8 bytes as typed.
    const pass = Buffer.from(password, 'utf8');
    const name = typeof md === 'string' ? md : hashName(md);
    return pbkdf2Sync(pass, Buffer.from(salt, 'binary'), iterations, size, name).toString('binary');
  };
  f.pkcs12.generateKey = pkcs12Key;
  f.pki.pbe.generatePkcs12Key = pkcs12Key;
  try {
    return open();
  } finally {
    f.pkcs5.pbkdf2 = saved.pbkdf2;
    f.pkcs12.generateKey = saved.generateKey;
    f.pki.pbe.generatePkcs12Key = saved.generatePkcs12Key;
  }
}
