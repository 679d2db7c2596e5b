import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission, type PermissionEntry } from '../../../contract/permissions.ts';
import { noAccess } from '../http/errors.ts';
import type { Caller } from './caller.ts';
import { needsProjectRoles, needsProjects, permissionsFor, type ProjectRoleGrant } from './roles.ts';

/**
 * What a route needs: OPEN (no caller at all), NONE (any signed-in user or ADMIN token), CLIENT (a client or admin
 * API token: the SDK API), FRONTEND (a frontend API token only: the frontend API), SDK (a client or a frontend API
 * token: OpenFeature's remote evaluation, which server and browser SDKs both call), or a permission.
 */
export type RoutePermission = 'OPEN' | 'NONE' | 'CLIENT' | 'FRONTEND' | 'SDK' | Permission;

/** The route permissions of the APIs SDKs call: their answers carry only what SDKs need; their writes bump nothing. */
export const SDK_PERMISSIONS: ReadonlySet<RoutePermission | undefined> = new Set<RoutePermission>([
  'CLIENT',
  'FRONTEND',
  'SDK',
]);

const FRONTEND_TOKEN_NEEDED = 'The frontend API (api/frontend) needs a frontend API token';
const SDK_TOKEN_NEEDED = 'This API needs a client or a frontend API token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs; every route must declare it (checked at registration). */
    permission?: RoutePermission;
    /** The project the request is about, for project-scoped permissions (may look it up, e.g. a toggle's project). */
    project?: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  }
  interface FastifyInstance {
    /** The permission of routes registered in this scope without one (plugins such as swagger-ui cannot set it). */
    scopePermission?: RoutePermission;
  }
}

export interface AccessControlOptions {
  /** Who is calling; throws the 401 when nobody is. */
  resolveCaller(request: FastifyRequest): Promise<Caller>;
  /** Every project id: an Editor holds the project permissions in each. */
  listProjectIds(): Promise<string[]>;
  /** The project roles a user holds: a Viewer holds their permissions in those projects. */
  projectRolesOf(userId: number): Promise<ProjectRoleGrant[]>;
}

/** Gives every route that `scope` and the plugins inside it register without a permission this one. */
export function setScopePermission(scope: FastifyInstance, permission: RoutePermission) {
  scope.decorate('scopePermission', permission);
}

/**
 * Registers the permission check: every route declares `config.permission` (registration fails otherwise), and one
 * hook resolves the caller (401) and checks the permission (403) before the request body is validated.
 */
export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions) {
  async function permissionsOf(caller: Caller): Promise<PermissionEntry[]> {
    if (caller.kind === 'token') return caller.token.type === 'admin' ? [{ project: null, permission: 'ADMIN' }] : [];
    const role = caller.user.rootRole;
    const [projectIds, projectRoles] = await Promise.all([
      needsProjects(role) ? options.listProjectIds() : [],
      needsProjectRoles(role) ? options.projectRolesOf(caller.user.id) : [],
    ]);
    return permissionsFor(role, projectIds, projectRoles);
  }
  // Read once per request, however many checks ask.
  const known = new WeakMap<FastifyRequest, Promise<PermissionEntry[]>>();
  app.decorateRequest('caller', null);
  app.decorateRequest('callerPermissions', function (this: FastifyRequest): Promise<PermissionEntry[]> {
    const caller = this.caller;
    if (!caller) return Promise.resolve([]);
    let held = known.get(this);
    if (!held) {
      held = permissionsOf(caller);
      known.set(this, held);
    }
    return held;
  });

  app.addHook('onRoute', function (route) {
    const permission = route.config?.permission ?? this.scopePermission;
    if (!permission) throw new Error(`Route ${route.method} ${route.url} does not declare config.permission`);
    route.config = { ...route.config, permission };
  });

  app.addHook('preValidation', async (request) => {
    const { permission, project } = request.routeOptions.config;
    if (permission === 'OPEN' || permission === undefined) return;
    const caller = await options.resolveCaller(request);
    request.caller = caller;
    if (caller.kind === 'token') {
      if (permission === 'SDK') {
        if (caller.token.type === 'admin') throw noAccess(SDK_TOKEN_NEEDED);
        return;
      }
      if (caller.token.type === 'frontend' && permission !== 'FRONTEND') {
        throw noAccess('Frontend API tokens can only be used on the frontend API (api/frontend)');
      }
      if (permission === 'FRONTEND' && caller.token.type !== 'frontend') throw noAccess(FRONTEND_TOKEN_NEEDED);
      if (caller.token.type === 'client' && permission !== 'CLIENT') {
        throw noAccess('Client API tokens can only be used on the client API (api/client)');
      }
      return; // admin tokens may do everything
    }
    if (permission === 'CLIENT') throw noAccess('The client API needs an API token');
    if (permission === 'FRONTEND') throw noAccess(FRONTEND_TOKEN_NEEDED);
    if (permission === 'SDK') throw noAccess(SDK_TOKEN_NEEDED);
    if (permission === 'NONE') return;
    if (!can(await request.callerPermissions(), permission, await project?.(request))) {
      throw noAccess(`You need permission=${permission} to perform this action`, permission);
    }
  });
}
