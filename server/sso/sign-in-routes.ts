import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { NoBody } from '../platform/http/no-body.ts';
import { setSessionCookie } from '../users/index.ts';
import { readFlow, setFlowCookie, signFlow, takeFlowCookie } from './flow-cookie.ts';
import { oidcAuthorizationUrl, oidcClientSettings, oidcIdentity, type OidcProvider } from './oidc.ts';
import { newSamlRequest, samlAuthorizationUrl, samlIdentity } from './saml.ts';
import { SignInRefused, signInExternal } from './sign-in.ts';
import { readSettings } from './store.ts';

const Redirect = { 302: NoBody };
/** What a provider adds to its redirect back (code, state, iss, session_state, error...): read by openid-client. */
const CallbackQuery = Type.Object(
  { code: Type.Optional(Type.String({ maxLength: 4000 })), state: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: Type.String({ maxLength: 4000 }) },
);
const NAMES: Record<OidcProvider, string> = { oidc: 'OpenID Connect', google: 'Google' };
/** The identity provider's HTTP-POST binding: a form with the signed response and the RelayState it was given. */
const SamlCallbackBody = Type.Object(
  {
    SAMLResponse: Type.String({ minLength: 1, maxLength: 200_000 }),
    RelayState: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: Type.String({ maxLength: 4000 }) },
);
const FORM = 'application/x-www-form-urlencoded';

/** After a refused sign-in: the login page, which shows `errorMsg`. */
export function toLogin(deps: AppDeps, reply: FastifyReply, error: unknown) {
  if (!(error instanceof SignInRefused)) throw error;
  const target = `${deps.config.baseUriPath}/login?errorMsg=${encodeURIComponent(error.message)}`;
  return reply.redirect(target, 302);
}

async function clientSettings(deps: AppDeps, provider: OidcProvider) {
  if (provider === 'oidc') {
    const settings = await readSettings(deps.db, 'oidc');
    return { settings, client: oidcClientSettings(deps, 'oidc', settings), role: settings.defaultRootRole };
  }
  const settings = await readSettings(deps.db, 'google');
  return { settings, client: oidcClientSettings(deps, 'google', settings), role: undefined };
}

/**
 * Single sign-on through OpenID Connect and Google (Unleash's paths): `GET /auth/{provider}/login` sends the browser
 * to the provider with a signed flow cookie; `GET /auth/{provider}/callback` checks the answer, signs the user in
 * (auto-created when enabled) and goes to the console; a refusal goes to the login page with its reason.
 * SAML 2.0: `GET /auth/saml/login` sends the browser to the identity provider with an authentication request whose
 * id travels in the signed RelayState; the provider POSTs the signed response to `POST /auth/saml/callback`.
 */
export const ssoSignInRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const provider of ['oidc', 'google'] as const) {
    app.get(
      `/auth/${provider}/login`,
      { config: { permission: 'OPEN' }, schema: { response: Redirect } },
      async (_request, reply) => {
        try {
          const { settings, client } = await clientSettings(deps, provider);
          if (!settings.enabled) throw new SignInRefused(`${NAMES[provider]} sign-in is not enabled`);
          const { url, flow } = await oidcAuthorizationUrl(client);
          await setFlowCookie(deps, reply, { provider, ...flow });
          return reply.redirect(url, 302);
        } catch (error) {
          return toLogin(deps, reply, error);
        }
      },
    );
    app.get(
      `/auth/${provider}/callback`,
      { config: { permission: 'OPEN' }, schema: { querystring: CallbackQuery, response: Redirect } },
      async (request, reply) => {
        try {
          const flow = await takeFlowCookie(deps, request, reply);
          if (!flow || flow.provider !== provider) {
            throw new SignInRefused('The sign-in was not started here, or took too long: please try again');
          }
          const { error, error_description: description } = request.query as Record<string, string | undefined>;
          if (error) throw new SignInRefused(`The sign-in provider refused: ${description ?? error}`);
          const { settings, client, role } = await clientSettings(deps, provider);
          if (!settings.enabled) throw new SignInRefused(`${NAMES[provider]} sign-in is not enabled`);
          const query = request.url.slice(request.url.indexOf('?'));
          const identity = await oidcIdentity(client, query, flow);
          const token = await signInExternal(deps, provider, identity, { ...settings, defaultRootRole: role });
          setSessionCookie(reply, deps.config, token);
          return reply.redirect(`${deps.config.baseUriPath}/`, 302);
        } catch (error) {
          return toLogin(deps, reply, error);
        }
      },
    );
  }

  app.get('/auth/saml/login', { config: { permission: 'OPEN' }, schema: { response: Redirect } }, async (_r, reply) => {
    try {
      const settings = await readSettings(deps.db, 'saml');
      if (!settings.enabled) throw new SignInRefused('SAML 2.0 sign-in is not enabled');
      const samlRequest = newSamlRequest();
      const relayState = await signFlow(deps, { provider: 'saml', id: samlRequest.id, issued: samlRequest.issued });
      return reply.redirect(await samlAuthorizationUrl(deps, settings, samlRequest, relayState), 302);
    } catch (error) {
      return toLogin(deps, reply, error);
    }
  });
  await app.register(async (scope) => {
    // Only this route reads a form: the identity provider's HTTP-POST binding sends one.
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(
      '/auth/saml/callback',
      {
        // The identity provider's page posts this cross-site: its proof is the response's signature, checked
        // against the configured certificate, and the request it answers (server/platform/http/csrf.ts).
        config: { permission: 'OPEN', csrf: 'signed-body' },
        schema: { body: SamlCallbackBody, response: Redirect },
      },
      async (request, reply) => {
        try {
          const { SAMLResponse, RelayState } = request.body as Static<typeof SamlCallbackBody>;
          const flow = await readFlow(deps, RelayState);
          if (!flow || flow.provider !== 'saml') {
            throw new SignInRefused('The sign-in was not started here, or took too long: please try again');
          }
          const settings = await readSettings(deps.db, 'saml');
          if (!settings.enabled) throw new SignInRefused('SAML 2.0 sign-in is not enabled');
          const answered = { id: flow.id, issued: flow.issued };
          const identity = await samlIdentity(deps, settings, SAMLResponse, answered, new Date(Number(flow.expires)));
          const token = await signInExternal(deps, 'saml', identity, settings);
          setSessionCookie(reply, deps.config, token);
          return reply.redirect(`${deps.config.baseUriPath}/`, 302);
        } catch (error) {
          return toLogin(deps, reply, error);
        }
      },
    );
  });
};
