import { Type, type Static } from 'typebox';

/** POST auth/simple/login: both fields are optional in the schema so that a missing one gets Unleash's message. */
export const PasswordLoginBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: 1000 })),
});

/** POST auth/demo/login: an e-mail only (AUTH_TYPE=demo). */
export const DemoLoginBody = Type.Object({ email: Type.String({ maxLength: 320 }) });

/**
 * POST {base}/logout's answer after a single sign-on session with single sign-out (OpenID Connect's end-session page,
 * SAML's Single Sign-Out URL): where the browser goes next (Unleash redirects there). Any other sign-out answers no
 * body.
 */
export const LogoutRedirectSchema = Type.Object({ redirectUrl: Type.String() }, { additionalProperties: false });
export type LogoutRedirect = Static<typeof LogoutRedirectSchema>;
