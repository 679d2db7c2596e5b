import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { server, useServer } from '../test-support/fixture.ts';
import { selfSignedIdentity, type TestIdentity } from './test-fixtures/self-signed.ts';

const IDP_ENTITY = 'https://idp.example.com/metadata';
const IDP_ORIGIN = 'https://idp.example.com';
const idp = selfSignedIdentity();
const impostor = selfSignedIdentity();

const saml = {
  enabled: true,
  entityId: IDP_ENTITY,
  signOnUrl: `${IDP_ORIGIN}/sso`,
  certificate: idp.certificate,
  signOutUrl: `${IDP_ORIGIN}/slo`,
  spCertificate: '',
  autoCreate: true,
  defaultRootRole: 'Viewer',
  emailDomains: 'example.com',
};

/** Starts a sign-in as the browser would: the identity provider's URL, the request's id and the RelayState. */
async function startSignIn() {
  const started = await server.call('GET', 'auth/saml/login');
  expect(started.status).toBe(302);
  const location = new URL(started.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(saml.signOnUrl);
  const request = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64')).toString();
  const requestId = /\sID="([^"]+)"/.exec(request)![1];
  return { requestId, relayState: location.searchParams.get('RelayState')! };
}

/** A new sign-in's form as the browser posts it back: the identity provider's answer for `email`, the RelayState. */
async function signInForm(signer: TestIdentity, email: string) {
  const { requestId, relayState } = await startSignIn();
  return { SAMLResponse: samlResponse(signer, requestId, email), RelayState: relayState };
}

/** The identity provider's answer: a Response whose Assertion for `email` is signed with `signer`'s key. */
function samlResponse(signer: TestIdentity, inResponseTo: string, email: string): string {
  const now = new Date();
  const later = new Date(now.getTime() + 5 * 60_000).toISOString();
  const acs = `${server.config.unleashUrl}/auth/saml/callback`;
  const assertionId = `_${randomUUID()}`;
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" ` +
    `IssueInstant="${now.toISOString()}"><saml:Issuer>${IDP_ENTITY}</saml:Issuer><saml:Subject>` +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${email}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData ` +
    `InResponseTo="${inResponseTo}" NotOnOrAfter="${later}" Recipient="${acs}"/></saml:SubjectConfirmation>` +
    `</saml:Subject><saml:Conditions NotBefore="${now.toISOString()}" NotOnOrAfter="${later}"/>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}"><saml:AuthnContext><saml:AuthnContextClassRef>` +
    `urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext>` +
    `</saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="displayName"><saml:AttributeValue>` +
    `Sam Saml</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
  const signature = new SignedXml({
    privateKey: signer.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    publicCert: signer.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(assertion, {
    location: { reference: "//*[local-name(.)='Issuer']", action: 'after' },
  });
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_${randomUUID()}" Version="2.0" ` +
    `IssueInstant="${now.toISOString()}" Destination="${acs}" InResponseTo="${inResponseTo}">` +
    `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${IDP_ENTITY}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `${signature.getSignedXml()}</samlp:Response>`;
  return Buffer.from(response).toString('base64');
}

/** The identity provider's page posts the form back, cross-site, as a browser does (no console header). */
const postBack = (form: Record<string, string>) =>
  server.call('POST', 'auth/saml/callback', {
    rawBody: new URLSearchParams(form).toString(),
    contentType: 'application/x-www-form-urlencoded',
    headers: { origin: IDP_ORIGIN, 'sec-fetch-site': 'cross-site' },
  });

const sessionOf = (answer: { headers: Headers }) =>
  answer.headers
    .getSetCookie()
    .find((c) => c.startsWith('unleash-session=') && !c.startsWith('unleash-session=;'))
    ?.split(';')[0];

const refusal = (answer: { headers: Headers }) =>
  new URL(answer.headers.get('location')!, 'http://x').searchParams.get('errorMsg');

useServer();
beforeAll(async () => {
  const saved = await server.call('POST', 'api/admin/auth/saml/settings', {
    cookie: await server.adminCookie(),
    body: saml,
  });
  expect(saved.status).toBe(200);
});

describe('SAML 2.0 sign-in', () => {
  it('the login page offers it once enabled', async () => {
    const answer = await server.call('GET', 'api/admin/user');
    expect(answer.status).toBe(401);
    expect(answer.body.options).toContainEqual({
      type: 'saml',
      message: 'Sign in with SAML 2.0',
      path: `${server.base}/auth/saml/login`,
    });
  });

  it('a response signed with the configured certificate signs in, auto-creating the account as a Viewer', async () => {
    const answer = await postBack(await signInForm(idp, 'sam@example.com'));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${server.base}/`);
    const cookie = sessionOf(answer);
    expect(cookie).toBeDefined();
    const me = await server.call('GET', 'api/admin/user', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'sam@example.com', name: 'Sam Saml' });
    expect(me.body.permissions.map((p: { permission: string }) => p.permission)).not.toContain('ADMIN');

    // Signing out ends the session here and names the identity provider's Single Sign-Out URL.
    const out = await server.call('POST', 'logout', { cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ redirectUrl: saml.signOutUrl });
    expect((await server.call('GET', 'api/admin/user', { cookie })).status).toBe(401);
  });

  it('a response is used once: the same response posted again is refused', async () => {
    const form = await signInForm(idp, 'sam@example.com');
    const first = await postBack(form);
    expect(sessionOf(first)).toBeDefined();
    // Kept until the assertion's NotOnOrAfter (5 minutes here), not the RelayState's 10.
    const [kept] = await server.sql(`select expires_at from saml_assertions order by expires_at desc limit 1`);
    const keptFor = new Date(kept.expires_at as string).getTime() - Date.now();
    expect(keptFor).toBeGreaterThan(60_000);
    expect(keptFor).toBeLessThanOrEqual(5 * 60_000);
    const replayed = await postBack(form);
    expect(replayed.status).toBe(302);
    expect(refusal(replayed)).toBe('The SAML response was refused: its assertion was already used to sign in');
    expect(sessionOf(replayed)).toBeUndefined();
  });

  it('a response signed with another key is refused, and nobody is signed in or created', async () => {
    const answer = await postBack(await signInForm(impostor, 'mallory@example.com'));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(new RegExp(`^${server.base}/login\\?errorMsg=`));
    expect(refusal(answer)).toMatch(/^The SAML response was refused: .*signature/i);
    expect(sessionOf(answer)).toBeUndefined();
    expect(await server.sql(`select id from users where email = 'mallory@example.com'`)).toHaveLength(0);
  });

  it('a response to another request, or without the signed RelayState, is refused', async () => {
    const first = await startSignIn();
    const second = await startSignIn();
    const crossed = await postBack({
      SAMLResponse: samlResponse(idp, first.requestId, 'sam@example.com'),
      RelayState: second.relayState,
    });
    expect(refusal(crossed)).toMatch(/^The SAML response was refused: .*InResponseTo/);
    expect(sessionOf(crossed)).toBeUndefined();

    const forged = await postBack({
      SAMLResponse: samlResponse(idp, first.requestId, 'sam@example.com'),
      RelayState: `${first.relayState.split('.')[0]}.forged`,
    });
    expect(refusal(forged)).toBe('The sign-in was not started here, or took too long: please try again');
    expect(sessionOf(forged)).toBeUndefined();
  });

  it("the CSRF guard's opt-out is this route's only: a cross-site password sign-in is still refused", async () => {
    const answer = await server.call('POST', 'auth/simple/login', {
      body: { username: 'admin', password: 'whatever' },
      headers: { origin: IDP_ORIGIN, 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.name).toBe('CsrfError');
  });
});
