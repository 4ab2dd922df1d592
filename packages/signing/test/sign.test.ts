import { constants, createHash, createPrivateKey, privateEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_RB_V1_3,
  CertificateError,
  createPadesSigner,
  itiInfoEntries,
  openA1Signer,
  type SigningKey,
} from '../src/index.js';
import { createTestPki, type TestPki } from '../src/testing/index.js';
import {
  extractSignature,
  hasTool,
  printCms,
  renderPrescription,
  run,
  scratch,
} from './helpers.js';

const tools = ['pdfsig', 'pdfinfo', 'qpdf', 'openssl'];
const missing = tools.filter((t) => !hasTool(t));
if (missing.length > 0) {
  // The test command installs poppler-utils, qpdf and openssl; say plainly what is skipped.
  console.warn(`signing tests skipped: ${missing.join(', ')} not installed`);
}

const PROFESSIONAL = { council: 'CRM', number: '123456', uf: 'SP', specialty: 'Clínica Médica' };

describe.skipIf(missing.length > 0)('PAdES signature of a pdfmake prescription', () => {
  let pki: TestPki;
  let unsigned: Buffer;
  let signed: Buffer;
  const dir = scratch();

  beforeAll(async () => {
    pki = createTestPki();
    unsigned = await renderPrescription(
      itiInfoEntries({ documentType: 'prescription', professional: PROFESSIONAL }),
    );
    const signer = openA1Signer(pki.valid.p12, pki.password);
    signed = await signer.signPdf(unsigned, { reason: 'Prescrição', location: 'São Paulo' });
  });
  afterAll(() => dir.cleanup());

  const pdfsig = (pdf: Buffer) => run('pdfsig', [dir.file(`s-${Math.random()}.pdf`, pdf)]).out;

  it('the input really has two pages', () => {
    expect(run('pdfinfo', [dir.file('u.pdf', unsigned)]).out).toMatch(/Pages:\s+2/);
  });

  it('pdfsig: valid, ETSI.CAdES.detached, SHA-256, the whole document signed', () => {
    const out = pdfsig(signed);
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Signature Type: ETSI.CAdES.detached');
    expect(out).toContain('Signing Hash Algorithm: SHA-256');
    expect(out).toContain('Total document signed');
    expect(out).toContain(`Signer Certificate Common Name: MEDICA DE TESTE:${pki.cpf}`);
    // The test CA is nobody's trust anchor; that is expected here.
    expect(out).toMatch(/Certificate Validation: Certificate issuer (is unknown|isn't Trusted)/);
  });

  it('the ByteRange runs to the last byte of the file', () => {
    const [a, b, c, d] = extractSignature(signed).byteRange as [number, number, number, number];
    expect(a).toBe(0);
    expect(c + d).toBe(signed.length);
    expect(b).toBeLessThan(c);
  });

  it('a byte changed after signing makes the signature invalid', () => {
    const { byteRange } = extractSignature(signed);
    for (const at of [200, byteRange[2]! + 10]) {
      const tampered = Buffer.from(signed);
      tampered[at] = tampered[at] === 0x41 ? 0x42 : 0x41;
      const out = pdfsig(tampered);
      expect(out).not.toContain('Signature is Valid');
      expect(out).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    }
  });

  it('pdfinfo -custom shows the ITI OIDs, before and after signing', () => {
    for (const pdf of [unsigned, signed]) {
      const out = run('pdfinfo', ['-custom', dir.file(`i-${Math.random()}.pdf`, pdf)]).out;
      expect(out).toContain('2.16.76.1.12.1.1:Prescrição de medicamento');
      expect(out).toContain('2.16.76.1.4.2.2.1:123456');
      expect(out).toContain('2.16.76.1.4.2.2.2:SP');
      expect(out).toContain('2.16.76.1.4.2.2.3:Clínica Médica');
    }
  });

  it('qpdf --check passes on the signed file', () => {
    const result = run('qpdf', ['--check', dir.file('q.pdf', signed)]);
    expect(result.out).toContain('No syntax or stream encoding errors found');
    expect(result.status).toBe(0);
  });

  it('the CMS has signing-time, signing-certificate-v2 and message-digest, all SHA-256', () => {
    const { cms, covered } = extractSignature(signed);
    const printed = printCms(cms);
    expect(printed).toContain('object: signingTime (1.2.840.113549.1.9.5)');
    expect(printed).toContain(
      'object: id-smime-aa-signingCertificateV2 (1.2.840.113549.1.9.16.2.47)',
    );
    expect(printed).toContain('object: messageDigest (1.2.840.113549.1.9.4)');
    expect(printed).toMatch(
      /digestAlgorithm:\s+algorithm: sha256 \(2\.16\.840\.1\.101\.3\.4\.2\.1\)/,
    );
    expect(printed).toContain('eContent: <ABSENT>'); // detached
    const parsed = run('openssl', [
      'asn1parse',
      '-inform',
      'DER',
      '-in',
      dir.file('c.der', cms),
    ]).out;
    // messageDigest is the SHA-256 of exactly the ByteRange bytes
    const digest = createHash('sha256').update(covered).digest('hex').toUpperCase();
    expect(parsed).toContain(`[HEX DUMP]:${digest}`);
    // and the ESSCertIDv2 hash is the holder certificate's SHA-256
    const certDer = Buffer.from(
      pki.valid.certificatePem.replace(/-----[^-]+-----|\s/g, ''),
      'base64',
    );
    const certHash = createHash('sha256').update(certDer).digest('hex').toUpperCase();
    expect(parsed).toContain(`[HEX DUMP]:${certHash}`);
  });

  it('OpenSSL verifies the CMS over the ByteRange up to the test root', () => {
    const { cms, covered } = extractSignature(signed);
    const result = run('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      dir.file('v.der', cms),
      '-content',
      dir.file('v.bin', covered),
      '-CAfile',
      dir.file('root.pem', pki.rootPem),
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
    expect(result.out).toContain('Verification successful');
  });

  it('an ICP-Brasil signature policy can be declared (AD-RB v1.3)', async () => {
    const signer = openA1Signer(pki.valid.p12, pki.password, { policy: AD_RB_V1_3 });
    const withPolicy = await signer.signPdf(unsigned);
    expect(pdfsig(withPolicy)).toContain('Signature is Valid.');
    const printed = printCms(extractSignature(withPolicy).cms);
    expect(printed).toContain('id-smime-aa-ets-sigPolicyId (1.2.840.113549.1.9.16.2.15)');
    expect(printed.replace(/\s+/g, '')).toContain('2.16.76.1.7.1.11.1.3');
  });

  it('the signing-time attribute can be left out (ETSI baseline B-B); /M still dates it', async () => {
    const signer = openA1Signer(pki.valid.p12, pki.password, { signingTimeAttribute: false });
    const baseline = await signer.signPdf(unsigned);
    const out = pdfsig(baseline);
    expect(out).toContain('Signature is Valid.');
    expect(out).toMatch(/Signing Time: \w{3} \d{2} \d{4}/);
    const printed = printCms(extractSignature(baseline).cms);
    expect(printed).not.toContain('signingTime');
    expect(printed).toContain('id-smime-aa-signingCertificateV2');
  });

  it('refuses to sign once the certificate has expired', async () => {
    const signer = openA1Signer(pki.valid.p12, pki.password);
    const later = new Date(Date.now() + 400 * 86_400_000);
    await expect(signer.signPdf(unsigned, { signingTime: later })).rejects.toBeInstanceOf(
      CertificateError,
    );
  });

  it('a key that only signs hashes (as a PSC cloud service does) makes the same valid PDF', async () => {
    const key = createPrivateKey(pki.valid.keyPem);
    const certificates = [pki.valid.certificatePem, pki.intermediatePem].map((pem) =>
      Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64'),
    );
    const seen: number[] = [];
    const remote: SigningKey = {
      certificates,
      keyType: 'rsa',
      async sign({ digest }) {
        seen.push(digest.length);
        // PKCS#1 v1.5: DigestInfo(SHA-256) || digest, encrypted with the private key.
        const digestInfo = Buffer.concat([
          Buffer.from('3031300d060960864801650304020105000420', 'hex'),
          digest,
        ]);
        return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, digestInfo);
      },
    };
    const signer = createPadesSigner(remote);
    expect(signer.certificate.cpf).toBe(pki.cpf);
    const out = pdfsig(await signer.signPdf(unsigned));
    expect(out).toContain('Signature is Valid.');
    expect(seen).toEqual([32]);
  });

  it('an EC key exported by OpenSSL signs too', async () => {
    const key = dir.file('ec.key');
    const cert = dir.file('ec.crt');
    const p12 = dir.file('ec.p12');
    const made = [
      run('openssl', ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', key]),
      run('openssl', [
        'req',
        '-x509',
        '-new',
        '-key',
        key,
        '-out',
        cert,
        '-days',
        '30',
        '-subj',
        '/C=BR/O=Teste/CN=MEDICO EC:52998224725',
        '-addext',
        'keyUsage=critical,digitalSignature,nonRepudiation',
      ]),
      run('openssl', [
        'pkcs12',
        '-export',
        '-inkey',
        key,
        '-in',
        cert,
        '-passout',
        'pass:ec',
        '-out',
        p12,
      ]),
    ];
    for (const step of made) expect(step.status, step.out).toBe(0);
    const signer = openA1Signer(readFileSync(p12), 'ec');
    expect(pdfsig(await signer.signPdf(unsigned))).toContain('Signature is Valid.');
  });
});
