import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICP_BRASIL_ROOT_FINGERPRINTS, ICP_BRASIL_ROOTS } from '../src/index.js';
import { chainsTo } from '../src/roots.js';
import { createTestPki } from '../src/testing/index.js';

const DATA = new URL('../data/', import.meta.url);

describe('the shipped ICP-Brasil roots', () => {
  it('are the pinned ones, self-signed CAs, still in force', () => {
    const pems = readdirSync(DATA).filter((f) => f.endsWith('.pem'));
    expect(pems.sort()).toEqual(Object.keys(ICP_BRASIL_ROOT_FINGERPRINTS).sort());
    expect(ICP_BRASIL_ROOTS).toHaveLength(pems.length);
    for (const root of ICP_BRASIL_ROOTS) {
      expect(root.fingerprint).toBe(ICP_BRASIL_ROOT_FINGERPRINTS[root.file]);
      expect(root.certificate.ca).toBe(true);
      expect(root.certificate.checkIssued(root.certificate)).toBe(true);
      expect(root.certificate.verify(root.certificate.publicKey)).toBe(true);
      expect(root.subject).toMatch(/^CN=Autoridade Certificadora Raiz Brasileira v\d+$/);
      expect(root.notAfter.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('the README lists every shipped root with its fingerprint', () => {
    const readme = readFileSync(new URL('README.md', DATA), 'utf8');
    for (const [file, fingerprint] of Object.entries(ICP_BRASIL_ROOT_FINGERPRINTS)) {
      expect(readme).toContain(file);
      expect(readme).toContain(fingerprint);
    }
  });

  it('a root chains to itself; a test certificate chains to none of them', () => {
    const v12 = ICP_BRASIL_ROOTS.find((r) => r.file.includes('v12'))!;
    expect(chainsTo(v12.certificate, [], ICP_BRASIL_ROOTS)).toBe(true);
    const pki = createTestPki();
    const leaf = new X509Certificate(pki.valid.certificatePem);
    const intermediate = new X509Certificate(pki.intermediatePem);
    expect(chainsTo(leaf, [intermediate], ICP_BRASIL_ROOTS)).toBe(false);
  });
});
