import { createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/** DER: a tag, its length and its content. */
function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const oid = (bytes: number[]) => der(0x06, Buffer.from(bytes));
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
const name = (cn: string) => seq(der(0x31, seq(oid([0x55, 0x04, 0x03]), der(0x0c, Buffer.from(cn)))));
/** sha256WithRSAEncryption, NULL parameters. */
const SHA256_RSA = seq(oid([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]), Buffer.from([0x05, 0x00]));

export interface TestIdentity {
  privateKey: KeyObject;
  /** The self-signed X.509 certificate, PEM. */
  certificate: string;
}

/**
 * A new RSA key and a self-signed X.509 v1 certificate for it (valid from a day ago for a year), for the SAML tests'
 * identity provider: node:crypto makes keys but not certificates, and nothing else is needed for one.
 */
export function selfSignedIdentity(commonName = 'switchyard-test-idp'): TestIdentity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const now = Date.now();
  const tbs = seq(
    der(0x02, Buffer.from([0x01])),
    SHA256_RSA,
    name(commonName),
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 365 * 86_400_000))),
    name(commonName),
    spki,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, SHA256_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const body = certificate
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return { privateKey, certificate: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n` };
}
