import type { FastifyRequest } from 'fastify';
import { can } from '../../contract/permissions.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { ifMatchVersion, versionEtag } from '../platform/http/if-match.ts';
import { projectOf } from './read-model.ts';
import type { ToggleWrite } from './toggle-write.ts';

/** The body limit of calls that name many toggles (10,000 names of up to 200 characters). */
export const BULK_BODY_LIMIT = 4 * 1024 * 1024;

/** Who changes toggles: the caller's name, and whether they may skip change requests (SKIP_CHANGE_REQUEST). */
export const changeAuthor = (request: FastifyRequest): ToggleWrite => ({
  actor: callerName(request),
  maySkipChangeRequests: async () => can(await request.callerPermissions(), 'SKIP_CHANGE_REQUEST'),
});

/**
 * The caller and the condition of a toggle change: `If-Match: "<version>"` (W/"<version>" and a bare number are
 * accepted too) or `*`. Anything else is a 400.
 */
export function toggleWrite(request: FastifyRequest): ToggleWrite {
  return { ...changeAuthor(request), ifMatch: ifMatchVersion(request, 'the toggle') };
}

/** The ETag of a toggle: its version, quoted (a strong validator). */
export const toggleEtag = versionEtag;

/** The headers of a toggle change's answer: the toggle's new version as the ETag (none when it is gone). */
export const changedEtag = (write: ToggleWrite) => (write.version === undefined ? {} : toggleEtag(write.version));

type PathParams = { featureName?: string; projectId?: string };

/** The project of the toggle named in the path, for the permission check. */
export const projectOfToggle = (deps: AppDeps) => (request: FastifyRequest) =>
  projectOf(deps.db, (request.params as PathParams).featureName);

/** The project named in the path, for the permission check (the toggle must be in it: 404 otherwise). */
export const projectOfPath = (request: FastifyRequest) => (request.params as PathParams).projectId;

/** The user whose pins a read shows (undefined for an API token: it has none). */
export const readerOf = (request: FastifyRequest): number | undefined =>
  request.caller?.kind === 'user' ? request.caller.user.id : undefined;
