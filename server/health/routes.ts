import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';

/** GET health: open, for load balancers and uptime checks (Unleash's answer). */
const HealthSchema = Type.Object({ health: Type.Literal('GOOD') });

export const healthRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app) => {
  app.get('/health', { config: { permission: 'OPEN' }, schema: { response: { 200: HealthSchema } } }, async () => ({
    health: 'GOOD' as const,
  }));
};
