import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { projectExists } from './read-model.ts';

/**
 * The project of the path for the permission check. An unknown project is asked about as no project, so a caller
 * who holds the permission somewhere gets the 404 rather than a 403.
 */
export const knownPathProject = (deps: AppDeps) => async (request: FastifyRequest) => {
  const id = (request.params as { projectId: string }).projectId;
  return (await projectExists(deps.db, id)) ? id : undefined;
};
