import { Type, type Static } from 'typebox';
import { Timestamp, Nullable } from './wire.ts';

/** A project or environment in a token: no colon, dot or blank (they separate the parts of the secret). */
const Scope = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^:.\\s]+$' });
export const TokenType = Type.Union([Type.Literal('admin'), Type.Literal('client'), Type.Literal('frontend')]);

/** An API token as the API shows it: with its secret, which the console lists and copies (as Unleash does). */
export const ApiTokenSchema = Type.Object({
  secret: Type.String(),
  username: Type.String(),
  type: TokenType,
  environment: Type.String(),
  project: Type.String(),
  expiresAt: Nullable(Timestamp),
  createdAt: Timestamp,
});
export type ApiToken = Static<typeof ApiTokenSchema>;

export const ApiTokenListSchema = Type.Object({ tokens: Type.Array(ApiTokenSchema) });

/** POST api/admin/api-tokens; the type is lower-cased before validation (ADMIN or admin, as in Unleash). */
export const CreateTokenBody = Type.Object({
  username: Type.String({ maxLength: 200 }),
  type: Type.Enum(['admin', 'client', 'frontend']),
  project: Type.Optional(Scope),
  environment: Type.Optional(Scope),
  expiresAt: Type.Optional(Timestamp),
});
export type CreateTokenInput = Static<typeof CreateTokenBody>;

/** PUT api/admin/api-tokens/{secret}: a new expiry (Unleash's call); null (ours) makes the token never expire. */
export const UpdateTokenBody = Type.Object({ expiresAt: Nullable(Timestamp) });
export type UpdateTokenInput = Static<typeof UpdateTokenBody>;

export const SecretParams = Type.Object({ secret: Type.String({ maxLength: 500 }) });
