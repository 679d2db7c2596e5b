import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { resolveCaller, type Caller } from '../../auth/service.ts';
import { noAccess } from '../http/errors.ts';
import { listProjectIds } from '../../projects/store.ts';
import { can, needsProjects, permissionsFor, type PermissionEntry, type RoutePermission } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs; every route must declare it (checked at registration). */
    permission?: RoutePermission;
    /** The project the request is about, for project-scoped permissions (may look it up, e.g. a toggle's project). */
    project?: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  }
  interface FastifyRequest {
    /** Set before validation on every route that is not OPEN. */
    caller: Caller | null;
  }
}

/** The permission list of a caller, as GET api/admin/user reports it. */
export async function callerPermissions(deps: AppDeps, caller: Caller): Promise<PermissionEntry[]> {
  if (caller.kind === 'token') return caller.token.type === 'admin' ? [{ project: null, permission: 'ADMIN' }] : [];
  const role = caller.user.rootRole;
  return permissionsFor(role, needsProjects(role) ? await listProjectIds(deps.db) : []);
}

/**
 * Registers the permission check: every route declares `config.permission` (registration fails otherwise), and one
 * hook resolves the caller (401) and checks the permission (403) before the request body is validated.
 */
export function registerAccessControl(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.permission) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.permission`);
    }
  });

  app.addHook('preValidation', async (request) => {
    const { permission, project } = request.routeOptions.config;
    if (permission === 'OPEN' || permission === undefined) return;
    const caller = await resolveCaller(deps, request);
    request.caller = caller;
    if (caller.kind === 'token') {
      if (caller.token.type === 'client' && permission !== 'CLIENT') {
        throw noAccess('Client API tokens can only be used on the client API (api/client)');
      }
      return; // admin tokens may do everything
    }
    if (permission === 'CLIENT') throw noAccess('The client API needs an API token');
    if (permission === 'NONE') return;
    const held = await callerPermissions(deps, caller);
    if (!can(held, permission, await project?.(request))) {
      throw noAccess(`You need permission=${permission} to perform this action`, permission);
    }
  });
}
