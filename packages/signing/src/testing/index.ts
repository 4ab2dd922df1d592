import { generateKeyPairSync, sign } from 'node:crypto';
import forge from 'node-forge';
import { explicit, octetString, oid, sequence, tlv } from '../der.js';
import { withNativeKdf } from '../kdf.js';

/**
 * A throwaway PKI for tests: a test root, an intermediate, and A1 files (PKCS#12) shaped like
 * ICP-Brasil e-CPF certificates. Everything is generated in memory on each call; nothing here
 * is a real certificate or a secret.
 */

export interface TestPkiOptions {
  /** ASCII: forge encrypts with the password's Latin-1 bytes, unlike OpenSSL's UTF-8. */
  password?: string;
  now?: Date;
  /** PKCS#12 encryption: 'aes256' (PBES2, like OpenSSL 3) or '3des' (legacy, like Windows). */
  algorithm?: 'aes256' | '3des';
}

export interface TestCertificate {
  /** The PKCS#12 file. */
  p12: Buffer;
  certificatePem: string;
  keyPem: string;
}

export interface TestPki {
  password: string;
  rootPem: string;
  /** The root of `foreignRoot` (to test a second extra root, or one left out). */
  foreignRootPem: string;
  intermediatePem: string;
  /** The CPF in `valid` (and every other holder but `otherCpf`). */
  cpf: string;
  otherCpf: string;
  /** ddmmaaaa, as written in the otherName. */
  birthDate: string;
  /** Holder chain: valid -> intermediate -> root, digitalSignature + nonRepudiation. */
  valid: TestCertificate;
  expired: TestCertificate;
  notYetValid: TestCertificate;
  /** Same chain, another CPF. */
  otherCpfHolder: TestCertificate;
  /** Issued by a different, unrelated root. */
  foreignRoot: TestCertificate;
  /** keyUsage keyEncipherment only. */
  noSigningUsage: TestCertificate;
  /** The valid holder's certificate without its key. */
  certificateOnly: TestCertificate;
  /** The valid chain and CPF, with a CRM registration (CRM/SP 123456) in the otherNames. */
  withCrm: TestCertificate;
}

interface Issuer {
  cert: forge.pki.Certificate;
  keyPem: string;
}

const DAY = 86_400_000;
let serial = 0x1000;

type KeyRole = 'root' | 'foreignRoot' | 'intermediate' | 'holder';
const keyCache = new Map<KeyRole, ReturnType<typeof generateKeys>>();

function generateKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ format: 'pem', type: 'pkcs1' }).toString();
  return {
    keyPem,
    privateKey: forge.pki.privateKeyFromPem(keyPem),
    publicKey: forge.pki.publicKeyFromPem(
      publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    ),
  };
}

/**
 * RSA key generation takes about half a second here, so each role's key is made once per
 * process. Every issuer has its own key; the holders share one, which no check depends on.
 */
function keysFor(role: KeyRole) {
  let keys = keyCache.get(role);
  if (!keys) {
    keys = generateKeys();
    keyCache.set(role, keys);
  }
  return keys;
}

const name = (cn: string) => [
  { shortName: 'C', value: 'BR' },
  { shortName: 'O', value: 'ICP-Brasil de Teste' },
  { shortName: 'CN', value: cn },
];

/** ICP-Brasil person data: birth date, CPF, NIS, RG and RG issuer (zero-filled when absent). */
function subjectAltName(
  birthDate: string,
  cpf: string,
  registration?: { arc: string; number: string; uf: string },
): string {
  const personData = `${birthDate}${cpf}${'0'.repeat(11)}${'0'.repeat(15)}${' '.repeat(10)}`;
  const other = (type: string, value: string) =>
    tlv(0xa0, oid(type), explicit(0, octetString(Buffer.from(value, 'ascii'))));
  const otherName = other('2.16.76.1.3.1', personData);
  // A council registration as ICP-Brasil writes it: arc .1 the number, .2 the UF.
  const council = registration
    ? [
        other(`${registration.arc}.1`, registration.number),
        other(`${registration.arc}.2`, registration.uf),
      ]
    : [];
  const email = tlv(0x81, Buffer.from('medica@example.com', 'ascii'));
  return sequence(otherName, ...council, email).toString('binary');
}

function certificate(options: {
  cn: string;
  publicKey: forge.pki.rsa.PublicKey;
  issuer: Issuer | 'self';
  selfKeyPem?: string;
  notBefore: Date;
  notAfter: Date;
  ca: boolean;
  keyUsage?: Record<string, boolean>;
  san?: string;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  serial += 1;
  cert.serialNumber = `01${serial.toString(16).padStart(6, '0')}`;
  cert.validity.notBefore = options.notBefore;
  cert.validity.notAfter = options.notAfter;
  cert.setSubject(name(options.cn));
  cert.setIssuer(
    options.issuer === 'self' ? name(options.cn) : options.issuer.cert.subject.attributes,
  );
  const extensions: object[] = [
    { name: 'basicConstraints', cA: options.ca, critical: true },
    options.ca
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', critical: true, ...options.keyUsage },
    { name: 'subjectKeyIdentifier' },
  ];
  if (options.san) extensions.push({ id: '2.5.29.17', value: options.san });
  cert.setExtensions(extensions);
  const keyPem = options.issuer === 'self' ? options.selfKeyPem! : options.issuer.keyPem;
  // forge's own RSA is pure JavaScript and slow; it asks its key object to sign once the
  // TBSCertificate is in place, so a stand-in key signs that with Node's crypto.
  const nodeKey = {
    sign: () =>
      sign(
        'sha256',
        Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary'),
        keyPem,
      ).toString('binary'),
  };
  cert.sign(nodeKey as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return cert;
}

function rootCa(cn: string, role: KeyRole, now: Date): Issuer & { pem: string } {
  const keys = keysFor(role);
  const cert = certificate({
    cn,
    publicKey: keys.publicKey,
    issuer: 'self',
    selfKeyPem: keys.keyPem,
    notBefore: new Date(now.getTime() - 365 * DAY),
    notAfter: new Date(now.getTime() + 10 * 365 * DAY),
    ca: true,
  });
  return { cert, keyPem: keys.keyPem, pem: forge.pki.certificateToPem(cert) };
}

export function createTestPki(options: TestPkiOptions = {}): TestPki {
  const password = options.password ?? 'senha-de-teste-1';
  const now = options.now ?? new Date();
  const algorithm = options.algorithm ?? 'aes256';
  const cpf = '52998224725';
  const otherCpf = '11144477735';
  const birthDate = '15031980';

  const root = rootCa('AC Raiz de Teste', 'root', now);
  const foreign = rootCa('AC Raiz Desconhecida', 'foreignRoot', now);
  const intermediateKeys = keysFor('intermediate');
  const intermediate: Issuer = {
    keyPem: intermediateKeys.keyPem,
    cert: certificate({
      cn: 'AC Intermediaria de Teste',
      publicKey: intermediateKeys.publicKey,
      issuer: root,
      notBefore: new Date(now.getTime() - 300 * DAY),
      notAfter: new Date(now.getTime() + 5 * 365 * DAY),
      ca: true,
    }),
  };

  const signing = { digitalSignature: true, nonRepudiation: true, keyEncipherment: true };
  const holder = (o: {
    cn: string;
    issuer?: Issuer;
    from?: number;
    to?: number;
    keyUsage?: Record<string, boolean>;
    cpf?: string;
    withKey?: boolean;
    registration?: { arc: string; number: string; uf: string };
  }): TestCertificate => {
    const keys = keysFor('holder');
    const issuer = o.issuer ?? intermediate;
    const cert = certificate({
      cn: `${o.cn}:${o.cpf ?? cpf}`,
      publicKey: keys.publicKey,
      issuer,
      notBefore: new Date(now.getTime() + (o.from ?? -30) * DAY),
      notAfter: new Date(now.getTime() + (o.to ?? 335) * DAY),
      ca: false,
      keyUsage: o.keyUsage ?? signing,
      san: subjectAltName(birthDate, o.cpf ?? cpf, o.registration),
    });
    const chain = [cert, issuer.cert];
    const key = o.withKey === false ? null : keys.privateKey;
    const asn1 = withNativeKdf(() =>
      forge.pkcs12.toPkcs12Asn1(key, chain, password, {
        algorithm,
        friendlyName: 'certificado de teste',
      }),
    );
    return {
      p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
      certificatePem: forge.pki.certificateToPem(cert),
      keyPem: keys.keyPem,
    };
  };

  return {
    password,
    rootPem: root.pem,
    foreignRootPem: foreign.pem,
    intermediatePem: forge.pki.certificateToPem(intermediate.cert),
    cpf,
    otherCpf,
    birthDate,
    valid: holder({ cn: 'MEDICA DE TESTE' }),
    expired: holder({ cn: 'MEDICA VENCIDA', from: -400, to: -35 }),
    notYetValid: holder({ cn: 'MEDICA FUTURA', from: 10, to: 375 }),
    otherCpfHolder: holder({ cn: 'OUTRA MEDICA', cpf: otherCpf }),
    foreignRoot: holder({ cn: 'MEDICA DE OUTRA AC', issuer: foreign }),
    noSigningUsage: holder({ cn: 'CHAVE DE CIFRA', keyUsage: { keyEncipherment: true } }),
    certificateOnly: holder({ cn: 'SEM CHAVE', withKey: false }),
    withCrm: holder({
      cn: 'MEDICA COM CRM',
      registration: { arc: '2.16.76.1.4.2.2', number: '123456', uf: 'SP' },
    }),
  };
}
