import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { permission: 'OPEN' } }, async () => ({ health: 'GOOD' }));
}
