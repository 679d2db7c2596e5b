import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../contract/sso.ts';
import { admin, editor, server, useServer } from '../test-support/fixture.ts';
import { selfSignedIdentity } from './test-fixtures/self-signed.ts';

const settingsOf = (provider: string) => `api/admin/auth/${provider}/settings`;
const post = (provider: string, body: unknown, cookie = admin) =>
  server.call('POST', settingsOf(provider), { cookie, body });
const get = (provider: string, cookie = admin) => server.call('GET', settingsOf(provider), { cookie });
const ssoEvents = async () =>
  (await server.sql(
    `select created_by, data, pre_data from events where type = 'sso-settings-updated' order by id`,
  )) as Array<{
    created_by: string;
    data: Record<string, unknown>;
    pre_data: Record<string, unknown>;
  }>;
const stored = async () =>
  JSON.stringify(await server.sql(`select name, content from settings where name like 'sso-%' order by name`));

const oidc = {
  enabled: true,
  discoverUrl: 'https://idp.example.com/.well-known/openid-configuration',
  clientId: 'switchyard',
  secret: 'top-secret-value',
  enableSingleSignOut: false,
  acrValues: '',
  autoCreate: true,
  defaultRootRole: 'Viewer',
  emailDomains: '@example.com, example.org',
};

useServer({ users: true });

describe('SSO settings', () => {
  it('answer the empty settings before anything is stored, with the default role Editor', async () => {
    const answer = await get('oidc');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      enabled: false,
      discoverUrl: '',
      clientId: '',
      secret: '',
      enableSingleSignOut: false,
      acrValues: '',
      autoCreate: false,
      defaultRootRole: 'Editor',
      emailDomains: '',
    });
    expect((await get('google')).body).toMatchObject({ enabled: false, clientSecret: '', unleashHostname: '' });
    expect((await get('saml')).body).toMatchObject({ enabled: false, certificate: '', defaultRootRole: 'Editor' });
  });

  it('store OIDC settings; the secret is answered masked and kept when the mask is sent back', async () => {
    const saved = await post('oidc', oidc);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...oidc, secret: SECRET_MASK });
    expect((await get('oidc')).body).toEqual({ ...oidc, secret: SECRET_MASK });
    expect(saved.text).not.toContain('top-secret-value');

    const renamed = await post('oidc', { ...oidc, secret: SECRET_MASK, clientId: 'renamed' });
    expect(renamed.status).toBe(200);
    const [row] = await server.sql(`select content from settings where name = 'sso-oidc'`);
    expect(row.content).toMatchObject({ clientId: 'renamed', secret: 'top-secret-value' });

    const events = await ssoEvents();
    expect(events).toHaveLength(2);
    expect(events[1].created_by).toBe('admin');
    expect(events[1].data).toMatchObject({ provider: 'oidc', clientId: 'renamed', secret: SECRET_MASK });
    expect(events[1].pre_data).toMatchObject({ provider: 'oidc', clientId: 'switchyard', secret: SECRET_MASK });
    expect(JSON.stringify(events)).not.toContain('top-secret-value');
  });

  it('store SAML settings with a real certificate, and Google settings with a masked client secret', async () => {
    const { certificate } = selfSignedIdentity();
    const saml = {
      enabled: true,
      entityId: 'https://idp.example.com/saml',
      signOnUrl: 'https://idp.example.com/saml/sso',
      certificate,
      signOutUrl: '',
      spCertificate: '',
      autoCreate: false,
      defaultRootRole: 'Editor',
      emailDomains: '',
    };
    expect((await post('saml', saml)).body).toEqual(saml);
    const google = {
      enabled: true,
      clientId: 'g-client',
      clientSecret: 'g-secret',
      unleashHostname: 'toggles.example.com',
      autoCreate: true,
      emailDomains: '',
    };
    expect((await post('google', google)).body).toEqual({ ...google, clientSecret: SECRET_MASK });
  });

  it('refuse what an enabled provider lacks, bad URLs and certificates, with a 400 naming the field; nothing stored', async () => {
    const before = await stored();
    const eventsBefore = (await ssoEvents()).length;
    const cases: Array<[string, unknown, string]> = [
      ['oidc', { ...oidc, clientId: ' ' }, '"clientId" is required'],
      ['oidc', { ...oidc, secret: '' }, '"secret" is required'],
      ['oidc', { ...oidc, discoverUrl: '' }, '"discoverUrl" is required'],
      ['oidc', { ...oidc, emailDomains: ' , ' }, '"emailDomains" is required when users are auto-created'],
      ['oidc', { ...oidc, discoverUrl: 'not a url' }, '"discoverUrl" must be a valid uri'],
      [
        'oidc',
        { ...oidc, discoverUrl: 'http://idp.example.com/x' },
        '"discoverUrl" must be an https URL (http only on this machine)',
      ],
      [
        'google',
        { enabled: true, clientId: 'x', clientSecret: '', unleashHostname: '', autoCreate: false, emailDomains: '' },
        '"clientSecret" is required',
      ],
      [
        'saml',
        {
          enabled: true,
          entityId: 'e',
          signOnUrl: 'https://idp.example.com/sso',
          certificate: 'MIIBogus',
          signOutUrl: '',
          spCertificate: '',
          autoCreate: false,
          defaultRootRole: 'Editor',
          emailDomains: '',
        },
        '"certificate" must be an X.509 certificate (PEM or base64)',
      ],
    ];
    for (const [provider, body, message] of cases) {
      const answer = await post(provider, body);
      expect(answer.status, message).toBe(400);
      expect(answer.body).toMatchObject({ name: 'ValidationError', message, isJoi: true });
      expect(answer.body.details[0].message).toBe(message);
    }
    const schemaRefusals = [
      await post('oidc', { ...oidc, defaultRootRole: 'Owner' }),
      await post('oidc', { ...oidc, extra: true }),
      await post('google', { enabled: true }),
    ];
    for (const answer of schemaRefusals) {
      expect(answer.status).toBe(400);
      expect(answer.body.name).toBe('ValidationError');
    }
    expect(await stored()).toBe(before);
    expect((await ssoEvents()).length).toBe(eventsBefore);
  });

  it('a disabled provider may be saved incomplete', async () => {
    const answer = await post('oidc', { ...oidc, enabled: false, clientId: '', discoverUrl: '' });
    expect(answer.status).toBe(200);
    expect(answer.body.secret).toBe(SECRET_MASK);
  });

  it('are for admins only: an Editor and no session are refused, and nothing changes', async () => {
    const before = await stored();
    expect((await get('oidc', editor)).status).toBe(403);
    expect((await post('oidc', oidc, editor)).status).toBe(403);
    const anonymous = await server.call('GET', settingsOf('saml'));
    expect(anonymous.status).toBe(401);
    expect(await stored()).toBe(before);
  });
});
