import { Type } from 'typebox';

/** POST auth/simple/login: both fields are optional in the schema so that a missing one gets Unleash's message. */
export const PasswordLoginBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: 1000 })),
});

/** POST auth/demo/login: an e-mail only (AUTH_TYPE=demo). */
export const DemoLoginBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
