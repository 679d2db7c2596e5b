import { describe, expect, it } from 'vitest';
import { LAST_SSO_PROVIDER_NEEDED, PASSWORD_LOGIN_DISABLED, PASSWORD_LOGIN_NEEDS_SSO } from '../../contract/sso.ts';
import { ADMIN_PASSWORD } from '../test-support/harness.ts';
import { admin, server, useServer } from '../test-support/fixture.ts';

const SIMPLE = 'api/admin/auth/simple/settings';
const setPasswordLogin = (disabled: boolean) => server.call('POST', SIMPLE, { cookie: admin, body: { disabled } });
const oidc = (enabled: boolean) => ({
  enabled,
  discoverUrl: 'https://idp.example.com/.well-known/openid-configuration',
  clientId: 'switchyard',
  secret: 'top-secret-value',
  enableSingleSignOut: false,
  acrValues: '',
  autoCreate: false,
  defaultRootRole: 'Editor',
  emailDomains: '',
});
const setOidc = (enabled: boolean) =>
  server.call('POST', 'api/admin/auth/oidc/settings', { cookie: admin, body: oidc(enabled) });
const passwordEvents = async () =>
  server.sql(`select data, pre_data from events where type = 'sso-settings-updated' and data->>'provider' = 'simple'`);
const signIn = () =>
  server.call('POST', 'auth/simple/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });

useServer();

describe('Disabling the password sign-in', () => {
  it('is refused while no single sign-on provider is enabled, and changes nothing', async () => {
    const refused = await setPasswordLogin(true);
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]).toMatchObject({ message: PASSWORD_LOGIN_NEEDS_SSO, path: ['disabled'] });
    expect((await server.call('GET', SIMPLE, { cookie: admin })).body).toEqual({ disabled: false });
    expect(await passwordEvents()).toHaveLength(0);
  });

  it('with a provider enabled, hides the form (defaultHidden) and the server refuses password sign-in', async () => {
    expect((await setOidc(true)).status).toBe(200);
    const saved = await setPasswordLogin(true);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ disabled: true });
    expect((await server.call('GET', SIMPLE, { cookie: admin })).body).toEqual({ disabled: true });
    const events = await passwordEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ data: { disabled: true }, pre_data: { disabled: false } });

    const unauthorised = await server.call('GET', 'api/admin/user');
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.body).toMatchObject({ defaultHidden: true, options: [{ type: 'oidc' }] });

    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ name: 'NoAccessError', message: PASSWORD_LOGIN_DISABLED });
    expect(refused.headers.getSetCookie().some((c) => c.startsWith('unleash-session=s'))).toBe(false);
  });

  it('the last enabled provider cannot then be disabled; turning password sign-in on again lets it in', async () => {
    const refused = await setOidc(false);
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]).toMatchObject({ message: LAST_SSO_PROVIDER_NEEDED, path: ['enabled'] });
    expect((await server.call('GET', 'api/admin/auth/oidc/settings', { cookie: admin })).body.enabled).toBe(true);

    expect((await setPasswordLogin(false)).status).toBe(200);
    expect((await server.call('GET', 'api/admin/user')).body.defaultHidden).toBe(false);
    expect((await signIn()).status).toBe(200);
    expect((await setOidc(false)).status).toBe(200);
  });
});
