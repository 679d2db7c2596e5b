import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { registerAccessControl, setScopePermission } from './guard.ts';

const options = {
  resolveCaller: async () => {
    throw new ApiError(401, 'AuthenticationRequired', 'You must sign in');
  },
  listProjectIds: async () => [],
  projectRolesOf: async () => [],
};

describe('registerAccessControl', () => {
  it('refuses a route without a permission, also inside a child plugin', async () => {
    const app = Fastify();
    registerAccessControl(app, options);
    const plugin = async (child: FastifyInstance) => {
      child.get('/x', async () => 'x');
    };
    await expect(app.register(plugin)).rejects.toThrow('Route GET /x does not declare config.permission');
  });

  it('checks routes in child plugins; a scope gives its permission to plugins that cannot set one', async () => {
    const app = Fastify();
    registerAccessControl(app, options);
    await app.register(async (scope) => {
      scope.get('/signed-in', { config: { permission: 'NONE' } }, async () => 'signed-in');
      await scope.register(async (open) => {
        setScopePermission(open, 'OPEN');
        await open.register(async (thirdParty) => {
          thirdParty.get('/open', async () => 'open');
        });
      });
    });
    expect((await app.inject('/open')).body).toBe('open');
    expect((await app.inject('/signed-in')).statusCode).toBe(401);
  });
});
