import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate and its key, as PEM files. */
export interface IssuedCertificate {
  certFile: string;
  keyFile: string;
}

/**
 * A throw-away certificate authority for TLS tests, made with the openssl CLI in a temp folder:
 * it issues server certificates for `localhost` and 127.0.0.1, like the internal CA of a
 * cluster issues them for the services' names.
 */
export interface TestCa {
  /** The CA certificate (what a client's TLS_CA_FILE points at). */
  caFile: string;
  /** A server certificate for `names` (DNS names and IP addresses), signed by this CA. */
  issue(name: string, names?: string[]): IssuedCertificate;
  remove(): void;
}

const openssl = (args: string[], cwd: string) =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/**
 * @example const ca = makeTestCa('pv-test'); const { certFile, keyFile } = ca.issue('redis');
 */
export function makeTestCa(commonName = 'pv-test-ca'): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'pv-ca-'));
  const caFile = join(dir, 'ca.crt');
  openssl(
    [
      ...['req', '-x509', ...EC_KEY, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2'],
      ...['-subj', `/CN=${commonName}`],
      ...['-addext', 'basicConstraints=critical,CA:TRUE'],
      ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    ],
    dir,
  );
  return {
    caFile,
    issue(name, names = ['localhost', '127.0.0.1']) {
      const alt = names.map((n) => (/^[\d.]+$|:/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
      writeFileSync(
        join(dir, `${name}.ext`),
        [
          `subjectAltName=${alt}`,
          'basicConstraints=CA:FALSE',
          'keyUsage=critical,digitalSignature,keyEncipherment',
          'extendedKeyUsage=serverAuth,clientAuth',
        ].join('\n'),
      );
      openssl(
        ['req', ...EC_KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`],
        dir,
      );
      openssl(
        [
          ...['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key'],
          ...['-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`],
        ],
        dir,
      );
      return { certFile: join(dir, `${name}.crt`), keyFile: join(dir, `${name}.key`) };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A PEM file's text. */
export const pemOf = (file: string): string => readFileSync(file, 'utf8');
