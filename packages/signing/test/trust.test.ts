import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectPkcs12, readExtraTrustRoots } from '../src/index.js';
import { createTestPki } from '../src/testing/index.js';

// Issue 23 item 3: which root a chain ends in, the extra roots of SIGNING_EXTRA_TRUST_ROOTS and
// the council registration a certificate carries.
const pki = createTestPki();
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('trust roots', () => {
  it('without extra roots a test chain is untrusted (trustRoot null, icpBrasil false)', () => {
    const info = inspectPkcs12(pki.valid.p12, pki.password);
    expect(info.icpBrasil).toBe(false);
    expect(info.trustRoot).toBeNull();
  });

  it('an extra root makes it trusted as "extra", never as ICP-Brasil', () => {
    const info = inspectPkcs12(pki.valid.p12, pki.password, { extraTrustAnchors: [pki.rootPem] });
    expect(info.icpBrasil).toBe(false);
    expect(info.trustRoot).toBe('extra');
    const foreign = inspectPkcs12(pki.foreignRoot.p12, pki.password, {
      extraTrustAnchors: [pki.rootPem],
    });
    expect(foreign.trustRoot).toBeNull();
  });

  it('reads SIGNING_EXTRA_TRUST_ROOTS: comma-separated PEM files, several certificates each', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pv-trust-'));
    dirs.push(dir);
    const both = path.join(dir, 'both.pem');
    const one = path.join(dir, 'one.pem');
    await writeFile(both, `${pki.rootPem}\n${pki.foreignRootPem}`);
    await writeFile(one, pki.rootPem);
    expect(readExtraTrustRoots(undefined)).toEqual([]);
    expect(readExtraTrustRoots('')).toEqual([]);
    expect(readExtraTrustRoots(`${both}, ${one}`)).toHaveLength(3);
    const empty = path.join(dir, 'empty.pem');
    await writeFile(empty, 'nothing here');
    expect(() => readExtraTrustRoots(empty)).toThrow(/holds no PEM certificate/);
    expect(() => readExtraTrustRoots(path.join(dir, 'missing.pem'))).toThrow();
  });

  it('reads the council registration of the otherNames (2.16.76.1.4.2.2.1/.2)', () => {
    const info = inspectPkcs12(pki.withCrm.p12, pki.password, { extraTrustAnchors: [pki.rootPem] });
    expect(info.cpf).toBe(pki.cpf);
    expect(info.registrations).toEqual([{ council: 'CRM', number: '123456', uf: 'SP' }]);
    expect(inspectPkcs12(pki.valid.p12, pki.password).registrations).toEqual([]);
  });
});
