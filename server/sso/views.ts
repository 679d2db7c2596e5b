import { SECRET_FIELD, SECRET_MASK, type SsoProvider, type SsoSettingsOf } from '../../contract/sso.ts';

/** The settings as a client sees them: a stored secret only as the mask (never in full). */
export function settingsView<P extends SsoProvider>(provider: P, stored: SsoSettingsOf[P]): SsoSettingsOf[P] {
  const field = SECRET_FIELD[provider];
  if (!field) return stored;
  const secret = (stored as unknown as Record<string, string>)[field];
  return { ...stored, [field]: secret ? SECRET_MASK : '' };
}

/** What is saved: the mask sent back unchanged keeps the stored secret. */
export function mergeSecret<P extends SsoProvider>(
  provider: P,
  input: SsoSettingsOf[P],
  stored: SsoSettingsOf[P],
): SsoSettingsOf[P] {
  const field = SECRET_FIELD[provider];
  if (!field) return input;
  const sent = (input as unknown as Record<string, string>)[field];
  if (sent !== SECRET_MASK) return input;
  return { ...input, [field]: (stored as unknown as Record<string, string>)[field] };
}
