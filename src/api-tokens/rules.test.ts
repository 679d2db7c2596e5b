import { describe, expect, it } from 'vitest';
import { EXPIRY_IN_PAST, USERNAME_REQUIRED } from './messages';
import { dayOf, expiryOf, isExpired, newTokenValues, validateToken, withType } from './rules';
import { tokenInput } from './components/use-api-token-form';

describe('API token form rules', () => {
  it('defaults to a client token for every project and the first environment', () => {
    expect(newTokenValues('development')).toEqual({
      username: '',
      type: 'client',
      project: '*',
      environment: 'development',
      expiresOn: '',
    });
  });

  it('forces an admin token to every project and environment, and a client one back to its defaults', () => {
    const client = { ...newTokenValues('development'), username: 'sdk', project: 'web', environment: 'production' };
    const admin = withType(client, 'admin', 'development');
    expect(admin).toMatchObject({ username: 'sdk', type: 'admin', project: '*', environment: '*' });
    expect(withType(admin, 'client', 'development')).toMatchObject({ project: '*', environment: 'development' });
  });

  it('requires a username and an expiry day that has not passed', () => {
    const now = new Date(2026, 10, 22, 12);
    expect(validateToken(newTokenValues('default'), now).username).toBe(USERNAME_REQUIRED);
    const values = { ...newTokenValues('default'), username: 'sdk' };
    expect(validateToken({ ...values, expiresOn: '2026-11-21' }, now).expiresOn).toBe(EXPIRY_IN_PAST);
    expect(validateToken({ ...values, expiresOn: '2026-11-22' }, now)).toEqual({});
    expect(validateToken(values, now)).toEqual({});
  });

  it('sends the end of the chosen day, and no expiry when none was chosen', () => {
    const values = { ...newTokenValues('default'), username: 'sdk', expiresOn: '2027-01-31' };
    const sent = tokenInput(values);
    expect(new Date(sent.expiresAt as string).getTime()).toBe(new Date(2027, 0, 31, 23, 59, 59, 999).getTime());
    expect(dayOf(sent.expiresAt as string)).toBe('2027-01-31');
    expect(tokenInput({ ...values, expiresOn: '' })).not.toHaveProperty('expiresAt');
    expect(expiryOf('')).toBeNull();
  });

  it('knows an expired token', () => {
    const now = new Date(2026, 10, 22);
    expect(isExpired({ expiresAt: new Date(2026, 10, 21).toISOString() }, now)).toBe(true);
    expect(isExpired({ expiresAt: new Date(2026, 10, 23).toISOString() }, now)).toBe(false);
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
  });
});
