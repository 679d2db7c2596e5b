import { Type, type Static } from 'typebox';
import { TokenType } from './api-tokens.ts';
import { Timestamp, Nullable } from './wire.ts';

/** One entry of a caller's permission list, as GET api/admin/user reports it (the rules: permissions.ts). */
export const PermissionEntrySchema = Type.Object({
  permission: Type.String(),
  project: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type PermissionEntry = Static<typeof PermissionEntrySchema>;

/** Who a person is, in every answer that names one (Unleash 4 keys). */
export const UserIdentityFields = {
  id: Type.Integer(),
  name: Nullable(Type.String()),
  username: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /** Always empty: no avatar is served from another origin (Unleash 4 sent a Gravatar URL). */
  imageUrl: Type.String(),
};

/** A person's account as the API shows it (Unleash 4 keys). Never the password hash. */
export const UserSchema = Type.Object({
  ...UserIdentityFields,
  seenAt: Nullable(Timestamp),
  loginAttempts: Type.Integer(),
  createdAt: Timestamp,
  isAPI: Type.Literal(false),
  rootRole: Type.Integer(),
});
export type User = Static<typeof UserSchema>;

/** The caller of GET api/admin/user when it is an API token. Never the token's secret. */
export const ApiUserSchema = Type.Object({
  isAPI: Type.Literal(true),
  username: Type.String(),
  project: Type.String(),
  environment: Type.String(),
  type: TokenType,
});
export type ApiUser = Static<typeof ApiUserSchema>;

export const FeedbackSchema = Type.Object({
  userId: Type.Integer(),
  feedbackId: Type.String(),
  neverShow: Type.Boolean(),
  given: Nullable(Timestamp),
});
export type Feedback = Static<typeof FeedbackSchema>;

/** Which splash screens the user has seen, by id. */
export const SplashSchema = Type.Record(Type.String(), Type.Boolean());

/** What GET api/admin/user adds to the caller: permissions, feedback and splash state. */
export const CallerStateFields = {
  permissions: Type.Array(PermissionEntrySchema),
  feedback: Type.Array(FeedbackSchema),
  splash: SplashSchema,
};

/** GET api/admin/user. */
export const CurrentUserSchema = Type.Object({
  user: Type.Union([UserSchema, ApiUserSchema]),
  ...CallerStateFields,
});
export type CurrentUser = Static<typeof CurrentUserSchema>;

export const SplashSeenSchema = Type.Object({
  userId: Type.Integer(),
  splashId: Type.String(),
  seen: Type.Literal(true),
});

export const RootRoleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Literal('root'),
  project: Type.Null(),
  description: Type.String(),
});

/**
 * A user in the user-admin list. `inviteLink` is the link adding the user answered while that invitation is open
 * (unused, unexpired, no password set yet), else ''.
 */
export const AdminUserSchema = Type.Object({ ...UserSchema.properties, inviteLink: Type.String() });

export const UserAdminListSchema = Type.Object({
  users: Type.Array(AdminUserSchema),
  rootRoles: Type.Array(RootRoleSchema),
});

/** POST api/admin/user-admin: `inviteLink` is `{public URL}/new-user?token=...` unless a password was given. */
export const CreatedUserSchema = Type.Object({ ...AdminUserSchema.properties, emailSent: Type.Boolean() });

const Text = (maxLength: number) => Type.String({ maxLength });
const Password = Text(1000);
/** Root role ids in the order Unleash lists the roles: Editor, Admin, Viewer. */
const RootRoleId = Type.Integer({ enum: [2, 1, 3] });

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const PasswordBody = Type.Object({ password: Password });
export const ChangeOwnPasswordBody = Type.Object({ password: Password, confirmPassword: Password });

export const CreateUserBody = Type.Object({
  email: Text(320),
  name: Type.Optional(Text(200)),
  username: Type.Optional(Text(200)),
  rootRole: RootRoleId,
  password: Type.Optional(Password),
  sendEmail: Type.Optional(Type.Boolean()),
});
export type CreateUserInput = Static<typeof CreateUserBody>;

export const UpdateUserBody = Type.Object({
  email: Type.Optional(Text(320)),
  name: Type.Optional(Text(200)),
  rootRole: Type.Optional(RootRoleId),
});
export type UpdateUserInput = Static<typeof UpdateUserBody>;

export const FeedbackBody = Type.Object({ feedbackId: Text(100), neverShow: Type.Optional(Type.Boolean()) });
export const FeedbackParams = Type.Object({ id: Text(100) });
export const FeedbackUpdateBody = Type.Object({ feedbackId: Type.Optional(Text(100)), neverShow: Type.Boolean() });
export const SplashParams = Type.Object({ name: Text(100) });

/** Invitation and reset tokens travel in links: base64url, 43 characters (32 random bytes). */
const ResetToken = Type.String({ minLength: 1, maxLength: 200 });

export const ResetTokenQuery = Type.Object({ token: ResetToken });
export const ResetPasswordBody = Type.Object({ token: ResetToken, password: Password });
export const ResetPasswordEmailBody = Type.Object({ email: Text(320) });

/** GET auth/reset/validate: the user a usable token belongs to, and who made the token. */
export const ResetTokenUserSchema = Type.Object({
  id: Type.Integer(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  createdBy: Type.String(),
});
export type ResetTokenUser = Static<typeof ResetTokenUserSchema>;
