import { Type, type Static } from 'typebox';

// Change requests: while a project environment takes changes through them, its toggles change only once other people
// have approved. The paths and names follow Unleash's change requests (an Enterprise feature there).

/** PUT api/admin/projects/{p}/environments/{env}/change-requests/config. */
export const ChangeRequestConfigBody = Type.Object(
  {
    changeRequestsEnabled: Type.Boolean(),
    requiredApprovals: Type.Integer({ minimum: 1, maximum: 10 }),
  },
  { additionalProperties: false },
);
export type ChangeRequestConfigInput = Static<typeof ChangeRequestConfigBody>;

/** One environment's setting, as GET api/admin/projects/{p}/change-requests/config lists them. */
export const ChangeRequestConfigSchema = Type.Object({
  environment: Type.String(),
  type: Type.String(),
  changeRequestsEnabled: Type.Boolean(),
  requiredApprovals: Type.Integer(),
});
export type ChangeRequestConfig = Static<typeof ChangeRequestConfigSchema>;

export const ChangeRequestConfigListSchema = Type.Array(ChangeRequestConfigSchema);

/** The error a direct change of such an environment gets (403), naming the project and the environment. */
export const CHANGE_REQUEST_REQUIRED = 'ChangeRequestRequiredError';
