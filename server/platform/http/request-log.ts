import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { SDK_PERMISSIONS } from '../access/guard.ts';

/**
 * One log line per request, when it has completed (Fastify's "incoming request" line says nothing the completion
 * does not), and none for what machines ask all day long (the health check, SDK polls and metrics) unless it failed.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && reply.statusCode < 400 && isRoutine(request)) return;
    super.requestCompleted(error, request, reply);
  }
}

const isRoutine = ({ routeOptions }: FastifyRequest) =>
  SDK_PERMISSIONS.has(routeOptions.config?.permission) || routeOptions.url?.endsWith('/health') === true;
