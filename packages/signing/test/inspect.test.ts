import { inspect } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CertificateError,
  CertificateMessages,
  inspectPkcs12,
  MAX_PKCS12_BYTES,
  openA1Signer,
} from '../src/index.js';
import { createTestPki, type TestPki } from '../src/testing/index.js';
import { exportWithOpenssl, hasTool } from './helpers.js';

let pki: TestPki;
beforeAll(() => {
  pki = createTestPki();
});

function errorOf(fn: () => unknown): CertificateError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CertificateError);
    return error as CertificateError;
  }
  throw new Error('expected a CertificateError');
}

describe('inspectPkcs12: what the certificate says', () => {
  it('reads the holder, the CPF from otherName 2.16.76.1.3.1, the issuer and the validity', () => {
    const info = inspectPkcs12(pki.valid.p12, pki.password);
    expect(info.subjectName).toBe(`MEDICA DE TESTE:${pki.cpf}`);
    expect(info.cpf).toBe(pki.cpf);
    expect(info.issuerName).toBe('AC Intermediaria de Teste');
    expect(new Date(info.notAfter).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(info.notBefore).getTime()).toBeLessThan(Date.now());
    expect(info.serialNumber).toMatch(/^[0-9A-F]+$/);
    expect(info.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('tells another holder by its CPF', () => {
    expect(inspectPkcs12(pki.otherCpfHolder.p12, pki.password).cpf).toBe(pki.otherCpf);
  });

  it('a test CA is not ICP-Brasil: icpBrasil is false against the shipped roots', () => {
    expect(inspectPkcs12(pki.valid.p12, pki.password).icpBrasil).toBe(false);
  });

  it('checks the chain through the intermediate in the bag up to the trust anchor', () => {
    const anchors = { trustAnchors: [pki.rootPem] };
    expect(inspectPkcs12(pki.valid.p12, pki.password, anchors).icpBrasil).toBe(true);
    // issued by another root, which even travels in the bag: still not trusted
    expect(inspectPkcs12(pki.foreignRoot.p12, pki.password, anchors).icpBrasil).toBe(false);
    // trusting only the intermediate is enough when it is the anchor
    expect(
      inspectPkcs12(pki.valid.p12, pki.password, { trustAnchors: [pki.intermediatePem] }).icpBrasil,
    ).toBe(true);
  });
});

describe('inspectPkcs12: each rule has its own error and pt-BR message', () => {
  it('wrong password', () => {
    const error = errorOf(() => inspectPkcs12(pki.valid.p12, 'senha-errada'));
    expect(error.code).toBe('WRONG_PASSWORD');
    expect(error.message).toBe('Senha do certificado incorreta.');
  });

  it('a file that is not PKCS#12', () => {
    for (const file of [
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(0),
      Buffer.from([0x30, 0x03, 0x02, 0x01]),
    ]) {
      const error = errorOf(() => inspectPkcs12(file, pki.password));
      expect(error.code).toBe('NOT_PKCS12');
      expect(error.message).toBe(CertificateMessages.NOT_PKCS12());
    }
  });

  it('a PKCS#12 without the private key', () => {
    const error = errorOf(() => inspectPkcs12(pki.certificateOnly.p12, pki.password));
    expect(error.code).toBe('NO_PRIVATE_KEY');
  });

  it('a certificate whose key usage does not allow signing', () => {
    const error = errorOf(() => inspectPkcs12(pki.noSigningUsage.p12, pki.password));
    expect(error.code).toBe('NO_SIGNING_KEY');
    expect(error.message).toContain('não permite assinatura digital');
  });

  it('expired, with the date it expired', () => {
    const error = errorOf(() => inspectPkcs12(pki.expired.p12, pki.password));
    expect(error.code).toBe('EXPIRED');
    expect(error.message).toMatch(/^O certificado venceu em \d{2}\/\d{2}\/\d{4}\./);
  });

  it('not yet valid', () => {
    const error = errorOf(() => inspectPkcs12(pki.notYetValid.p12, pki.password));
    expect(error.code).toBe('NOT_YET_VALID');
    expect(error.message).toMatch(/^O certificado só passa a valer em \d{2}\/\d{2}\/\d{4}\./);
  });

  it('the validity is judged at the given clock', () => {
    const later = new Date(Date.now() + 400 * 86_400_000);
    expect(errorOf(() => inspectPkcs12(pki.valid.p12, pki.password, { now: later })).code).toBe(
      'EXPIRED',
    );
  });

  it('a file over the size limit is refused before any work', () => {
    const error = errorOf(() => inspectPkcs12(Buffer.alloc(MAX_PKCS12_BYTES + 1), pki.password));
    expect(error.code).toBe('FILE_TOO_LARGE');
  });

  it('the legacy 3DES encryption of Windows exports opens too', () => {
    const legacy = createTestPki({ algorithm: '3des' });
    expect(inspectPkcs12(legacy.valid.p12, legacy.password).cpf).toBe(legacy.cpf);
    expect(errorOf(() => inspectPkcs12(legacy.valid.p12, 'x')).code).toBe('WRONG_PASSWORD');
  });
});

describe('the password never leaves', () => {
  it('appears in no error, message, stack or serialisation', () => {
    const secret = 'Segredo-ÚNICO-8c1f';
    const own = createTestPki({ password: 'Segredo-UNICO-8c1f' });
    const cases: Array<[Buffer, string]> = [
      [pki.valid.p12, secret],
      [Buffer.from('not a certificate'), secret],
      [pki.certificateOnly.p12, pki.password],
      [own.expired.p12, own.password],
      [own.noSigningUsage.p12, own.password],
      [own.notYetValid.p12, own.password],
      [own.certificateOnly.p12, own.password],
    ];
    for (const [file, password] of cases) {
      for (const attempt of [
        () => inspectPkcs12(file, password),
        () => openA1Signer(file, password),
      ]) {
        const error = errorOf(attempt);
        const views = [
          error.message,
          String(error.stack),
          JSON.stringify(error),
          inspect(error, { depth: 20, showHidden: true }),
        ];
        for (const view of views) {
          expect(view).not.toContain(password);
          expect(view).not.toContain('Segredo');
        }
        expect(error.cause).toBeUndefined();
      }
    }
  });
});

describe.skipIf(!hasTool('openssl'))('files exported by OpenSSL', () => {
  const exportP12 = (password: string, extra: string[]) => {
    const { file, out } = exportWithOpenssl(pki.valid, pki.intermediatePem, password, extra);
    expect(file, out).not.toBeNull();
    return file!;
  };

  it('the OpenSSL 3 default (AES-256, PBKDF2, SHA-256 MAC), with a non-ASCII password', () => {
    const password = 'senha-ção-ü';
    const file = exportP12(password, []);
    expect(inspectPkcs12(file, password).cpf).toBe(pki.cpf);
    expect(errorOf(() => inspectPkcs12(file, 'senha-cao-u')).code).toBe('WRONG_PASSWORD');
  });

  it('legacy 3DES with a SHA-1 MAC', () => {
    const file = exportP12('legado', [
      '-certpbe',
      'PBE-SHA1-3DES',
      '-keypbe',
      'PBE-SHA1-3DES',
      '-macalg',
      'sha1',
    ]);
    expect(inspectPkcs12(file, 'legado').subjectName).toContain('MEDICA DE TESTE');
  });

  it('a file asking for a hostile number of iterations is refused quickly', () => {
    const file = exportP12('lento', ['-iter', '200000']);
    const started = performance.now();
    expect(errorOf(() => inspectPkcs12(file, 'lento')).code).toBe('UNSUPPORTED_CERTIFICATE');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
