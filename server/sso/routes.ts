import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import {
  GoogleSettingsSchema,
  OidcSettingsSchema,
  PasswordLoginSettingsSchema,
  SamlSettingsSchema,
  type SsoProvider,
  type SsoSettingsOf,
} from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { getPasswordLogin, getSettings, savePasswordLogin, saveSettings } from './service.ts';

const SCHEMAS: Record<SsoProvider, TSchema> = {
  oidc: OidcSettingsSchema,
  saml: SamlSettingsSchema,
  google: GoogleSettingsSchema,
};

/** `GET`/`POST api/admin/auth/{oidc,saml,google}/settings`: admins only; secrets are answered masked. */
export const ssoSettingsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const provider of Object.keys(SCHEMAS) as SsoProvider[]) {
    const schema = SCHEMAS[provider];
    const path = `/api/admin/auth/${provider}/settings`;
    app.get(path, { config: { permission: 'ADMIN' }, schema: { response: { 200: schema } } }, async () =>
      getSettings(deps, provider),
    );
    app.post(
      path,
      { config: { permission: 'ADMIN' }, schema: { body: schema, response: { 200: schema } } },
      async (request) => saveSettings(deps, callerName(request), provider, request.body as SsoSettingsOf[SsoProvider]),
    );
  }
  // Unleash's place for the password sign-in's switch; `disabled` hides the form (the 401's defaultHidden).
  const simple = '/api/admin/auth/simple/settings';
  const passwordSchema = { response: { 200: PasswordLoginSettingsSchema } };
  app.get(simple, { config: { permission: 'ADMIN' }, schema: passwordSchema }, async () => getPasswordLogin(deps));
  app.post(
    simple,
    { config: { permission: 'ADMIN' }, schema: { ...passwordSchema, body: PasswordLoginSettingsSchema } },
    async (request) => savePasswordLogin(deps, callerName(request), request.body),
  );
};
