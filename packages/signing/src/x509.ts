import { createHash } from 'node:crypto';
import {
  children,
  content,
  decodeOid,
  decodeString,
  decodeTime,
  raw,
  readTlv,
  type Tlv,
} from './der.js';

/** The fields of an X.509 certificate this package reads, straight from its DER. */
export interface CertificateFields {
  der: Buffer;
  /** The issuer Name and serialNumber INTEGER exactly as encoded (CMS IssuerAndSerialNumber). */
  issuerDer: Buffer;
  subjectDer: Buffer;
  serialDer: Buffer;
  subjectCommonName: string;
  issuerCommonName: string;
  subjectDn: string;
  notBefore: Date;
  notAfter: Date;
  /** Uppercase hex without leading zero bytes, as printed by OpenSSL. */
  serialNumber: string;
  /** SHA-256 of the DER, colon-separated uppercase hex (Node's fingerprint256 format). */
  fingerprint: string;
  extensions: Map<string, Buffer>;
}

const OID_COMMON_NAME = '2.5.4.3';
const SHORT_NAMES: Record<string, string> = {
  '2.5.4.6': 'C',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.3': 'CN',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
};

function nameAttributes(name: Tlv): Array<{ type: string; value: string }> {
  const out: Array<{ type: string; value: string }> = [];
  for (const rdn of children(name)) {
    for (const attribute of children(rdn)) {
      const [type, value] = children(attribute);
      if (!type || !value) continue;
      out.push({ type: decodeOid(content(type)), value: decodeString(value) });
    }
  }
  return out;
}

function commonName(name: Tlv): string {
  const attributes = nameAttributes(name);
  const cn = attributes.filter((a) => a.type === OID_COMMON_NAME).at(-1);
  return cn?.value ?? distinguishedName(attributes);
}

function distinguishedName(attributes: Array<{ type: string; value: string }>): string {
  return attributes.map((a) => `${SHORT_NAMES[a.type] ?? a.type}=${a.value}`).join(', ');
}

export const sha256Fingerprint = (der: Buffer): string =>
  createHash('sha256')
    .update(der)
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');

export function parseCertificate(der: Buffer): CertificateFields {
  const certificate = readTlv(der);
  const [tbs] = children(certificate);
  if (!tbs) throw new Error('empty certificate');
  const fields = children(tbs);
  // version is the optional [0] EXPLICIT first field
  const base = fields[0]?.tag === 0xa0 ? 1 : 0;
  const serial = fields[base];
  const issuer = fields[base + 2];
  const validity = fields[base + 3];
  const subject = fields[base + 4];
  if (!serial || !issuer || !validity || !subject) throw new Error('incomplete certificate');
  const [notBefore, notAfter] = children(validity);
  if (!notBefore || !notAfter) throw new Error('incomplete validity');

  const extensions = new Map<string, Buffer>();
  const extensionsField = fields.find((f) => f.tag === 0xa3);
  const extensionList = extensionsField ? children(extensionsField)[0] : undefined;
  for (const extension of extensionList ? children(extensionList) : []) {
    const parts = children(extension);
    const id = parts[0];
    const value = parts.at(-1);
    if (id && value?.tag === 0x04) extensions.set(decodeOid(content(id)), content(value));
  }

  const serialBytes = content(serial);
  const firstSignificant = serialBytes.findIndex((b) => b !== 0);
  return {
    der,
    issuerDer: raw(issuer),
    subjectDer: raw(subject),
    serialDer: raw(serial),
    subjectCommonName: commonName(subject),
    issuerCommonName: commonName(issuer),
    subjectDn: distinguishedName(nameAttributes(subject)),
    notBefore: decodeTime(notBefore),
    notAfter: decodeTime(notAfter),
    serialNumber:
      firstSignificant < 0
        ? '00'
        : serialBytes.subarray(firstSignificant).toString('hex').toUpperCase(),
    fingerprint: sha256Fingerprint(der),
    extensions,
  };
}

const OID_KEY_USAGE = '2.5.29.15';
const OID_SUBJECT_ALT_NAME = '2.5.29.17';
/** ICP-Brasil natural person data: birth date (ddmmaaaa), CPF, NIS, RG, RG issuer+UF. */
export const OID_ICP_PERSON_DATA = '2.16.76.1.3.1';

/**
 * Whether the key may sign documents: keyUsage with digitalSignature (bit 0) or
 * nonRepudiation (bit 1). A certificate without keyUsage is unrestricted (RFC 5280 4.2.1.3).
 */
export function allowsSigning(fields: CertificateFields): boolean {
  const value = fields.extensions.get(OID_KEY_USAGE);
  if (!value) return true;
  const bits = readTlv(value);
  if (bits.tag !== 0x03 || bits.end - bits.start < 2) return false;
  const firstByte = value[bits.start + 1]!;
  return (firstByte & 0xc0) !== 0;
}

/** The otherName values of the subjectAltName, by type OID. */
export function otherNames(fields: CertificateFields): Map<string, string> {
  const out = new Map<string, string>();
  const value = fields.extensions.get(OID_SUBJECT_ALT_NAME);
  if (!value) return out;
  for (const name of children(readTlv(value))) {
    if (name.tag !== 0xa0) continue; // otherName [0]
    const [type, wrapped] = children(name);
    const inner = wrapped?.tag === 0xa0 ? children(wrapped)[0] : undefined;
    if (type?.tag === 0x06 && inner) out.set(decodeOid(content(type)), decodeString(inner));
  }
  return out;
}

/** The holder's CPF from the ICP-Brasil otherName, or null when absent or zero-filled. */
export function cpfOf(fields: CertificateFields): string | null {
  const personData = otherNames(fields).get(OID_ICP_PERSON_DATA);
  const cpf = personData?.slice(8, 19) ?? '';
  return /^\d{11}$/.test(cpf) && cpf !== '00000000000' ? cpf : null;
}

/** ICP-Brasil arcs of council registrations: 2.16.76.1.4.2.n, then .1 number, .2 UF. */
const COUNCIL_ARCS: Record<string, string> = {
  '2.16.76.1.4.2.2': 'CRM',
  '2.16.76.1.4.2.3': 'CRF',
  '2.16.76.1.4.2.7': 'COREN',
  '2.16.76.1.4.2.8': 'CREFITO',
  '2.16.76.1.4.2.11': 'CRN',
  '2.16.76.1.4.2.12': 'CRO',
  '2.16.76.1.4.2.13': 'CRP',
  '2.16.76.1.4.2.14': 'CRESS',
};

/** The council registrations in the subjectAltName's otherNames (number and UF, trimmed). */
export function registrationsOf(
  fields: CertificateFields,
): { council: string; number: string; uf: string | null }[] {
  const names = otherNames(fields);
  const out: { council: string; number: string; uf: string | null }[] = [];
  for (const [arc, council] of Object.entries(COUNCIL_ARCS)) {
    const number = names
      .get(`${arc}.1`)
      ?.replace(/[\s.]/g, '')
      .replace(/^0+(?=\d)/, '');
    if (!number) continue;
    const uf = names.get(`${arc}.2`)?.trim().toUpperCase() || null;
    out.push({ council, number, uf });
  }
  return out;
}
