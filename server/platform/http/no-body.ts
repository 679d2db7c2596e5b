import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

/** The response schema of an answer without a body (200, 201, 202 or 204), as Unleash sends for most changes. */
export const NoBody = Type.Unsafe<undefined>(Type.Null({ description: 'No body' }));

/** Sends the empty answer (`NoBody` under `status` in the route's response schema) once `change` is done. */
export async function answerEmpty(reply: FastifyReply, status: 200 | 201 | 202 | 204, change: Promise<unknown>) {
  await change;
  return reply.status(status).send();
}
