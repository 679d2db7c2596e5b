import { X509Certificate } from 'node:crypto';
import { ssoSettingsProblems, type SsoProvider, type SsoSettingsOf } from '../../contract/sso.ts';
import { validationError } from '../platform/http/errors.ts';

/** Loopback hosts, where an identity provider may be reached over plain http (a provider on the same machine). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An identity provider's URL: https, or http on a loopback host; a 400 naming the field otherwise. */
export function assertProviderUrl(field: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw validationError(field, `"${field}" must be a valid uri`, value, 'string.uri');
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return;
  throw validationError(field, `"${field}" must be an https URL (http only on this machine)`, value, 'string.uri');
}

/** A PEM or bare base64 X.509 certificate as the identity provider's metadata gives it, as PEM. */
export function certificatePem(value: string): string {
  const body = value
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

function assertCertificate(field: string, value: string): void {
  try {
    new X509Certificate(certificatePem(value));
  } catch {
    throw validationError(field, `"${field}" must be an X.509 certificate (PEM or base64)`, undefined);
  }
}

/**
 * contract/sso.ts: an enabled provider needs its required fields. URLs and certificates are
 * checked whenever they are given, so a stored setting always works. The first problem is a 400 naming the field.
 */
export function assertValidSettings<P extends SsoProvider>(provider: P, settings: SsoSettingsOf[P]): void {
  const [problem] = ssoSettingsProblems(provider, settings);
  if (problem) throw validationError(problem[0], problem[1], '', 'any.required');
  const values = settings as unknown as Record<string, unknown>;
  for (const field of ['discoverUrl', 'signOnUrl', 'signOutUrl'] as const) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() !== '') assertProviderUrl(field, value.trim());
  }
  for (const field of ['certificate', 'spCertificate'] as const) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() !== '') assertCertificate(field, value);
  }
}
