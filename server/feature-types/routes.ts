import type { FastifyInstance } from 'fastify';
import { FEATURE_TYPES } from './types.ts';

export async function featureTypeRoutes(app: FastifyInstance) {
  app.get('/api/admin/feature-types', { config: { permission: 'NONE' } }, async () => ({ version: 1, types: FEATURE_TYPES }));
}
