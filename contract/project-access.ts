import { Type, type Static } from 'typebox';
import { UserIdentityFields } from './users.ts';

// Wire shapes of project access (Unleash 4's project roles: GET api/admin/projects/{id}/users and its role calls).

/** The project roles' ids (Unleash 4's). */
export const OWNER_ROLE = 4;
export const MEMBER_ROLE = 5;

/**
 * Whether going from one project role to another (undefined: none) makes someone Owner or takes that away: only the
 * project's Owners and Admins may (PROJECT_OWNERS_WRITE).
 */
export const changesOwners = (roleBefore: number | undefined, roleAfter: number | undefined) =>
  roleBefore !== roleAfter && (roleBefore === OWNER_ROLE || roleAfter === OWNER_ROLE);

/** A project role (Unleash 4: Owner and Member), listed least privileged first. */
export const ProjectRoleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Literal('project'),
  description: Type.String(),
});
export type ProjectRole = Static<typeof ProjectRoleSchema>;

/** A user holding a role in the project. `imageUrl` is always empty: avatars are drawn by the console. */
export const ProjectUserSchema = Type.Object({ ...UserIdentityFields, roleId: Type.Integer() });
export type ProjectUser = Static<typeof ProjectUserSchema>;

/** GET api/admin/projects/{id}/users. */
export const ProjectAccessSchema = Type.Object({
  roles: Type.Array(ProjectRoleSchema),
  users: Type.Array(ProjectUserSchema),
});
export type ProjectAccess = Static<typeof ProjectAccessSchema>;

/** Ids are PostgreSQL integers: a larger one is a 400, never a database error. */
const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const ProjectUserRoleParams = Type.Object({
  projectId: Type.String({ maxLength: 100 }),
  userId: RowId,
  roleId: RowId,
});

/** GET api/admin/user-admin/search?q=: at least one character, at most 100. */
export const UserSearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) });

/** One match of the user search (Unleash 4's keys, plus username: the search matches it too). */
export const UserSearchResultSchema = Type.Object({ isAPI: Type.Literal(false), ...UserIdentityFields });
export type UserSearchResult = Static<typeof UserSearchResultSchema>;
export const UserSearchResultsSchema = Type.Array(UserSearchResultSchema);
