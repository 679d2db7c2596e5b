import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import semver from 'semver';
import {
  ClientDeltaQuery,
  ClientDeltaSchema,
  ClientFeatureParams,
  ClientFeatureSchema,
  ClientFeaturesQuery,
  ClientFeaturesSchema,
  ClientIndexSchema,
  ClientStreamingHeaders,
  MetricsBody,
  RegistrationBody,
} from '../../contract/client-api.ts';
import type { AppDeps } from '../deps.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { notFound } from '../platform/http/errors.ts';
import { parseTagFilter } from '../tags/index.ts';
import { clientAnswer } from './answers.ts';
import { DeltaHistory, deltaBody, hydration } from './delta.ts';
import { noneMatch, preferredEncoding } from './rules.ts';
import { recordMetrics, register, weakEtag, type ClientQuery } from './service.ts';
import { snapshotsOf, type EncodedBody, type Snapshot } from './snapshots.ts';
import { ClientStreams } from './streams.ts';

/** The token of the caller (the guard lets only API tokens through to permission CLIENT). */
function tokenOf(request: FastifyRequest) {
  const caller = request.caller!;
  if (caller.kind !== 'token') throw new Error('client API reached without a token');
  return caller.token;
}

/** What the SDK asked for in the query (the token then narrows it). */
const askedOf = ({ namePrefix, tag, project, environment }: Static<typeof ClientDeltaQuery>): ClientQuery => ({
  namePrefix,
  tag: parseTagFilter(tag),
  project,
  environment,
});

/** Sends one toggle's JSON (a slice of a snapshot) with a weak ETag, or 304 when the client already has it. */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, json: Buffer) {
  const etag = weakEtag(json);
  reply.header('ETag', etag);
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * True when the client has gone (it gave up while its request waited for its turn): nothing is read, built,
 * compressed or sent for it.
 */
const gone = (request: FastifyRequest) => request.raw.destroyed || request.socket.destroyed;

/** Sends a body in the best coding the client accepts (each coding made once per body). */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody | Buffer) {
  if (Buffer.isBuffer(body)) return reply.type('application/json; charset=utf-8').send(body);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const bytes = body.encoded[encoding] ?? (await body.encode(encoding));
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(bytes);
}

/**
 * Sends a snapshot: 304 when If-None-Match has its ETag, else its bytes in the best coding the client accepts
 * (compressed once per snapshot; @fastify/compress leaves an answer with a Content-Encoding alone).
 */
function sendSnapshot(request: FastifyRequest, reply: FastifyReply, snapshot: Snapshot) {
  if (gone(request)) return reply.hijack();
  reply.header('ETag', snapshot.etag).header('Vary', 'Accept-Encoding');
  if (noneMatch(request.headers['if-none-match'], snapshot.etag)) return reply.status(304).send();
  return sendEncoded(request, reply, snapshot);
}

/** The first version of the client specification whose SDKs take segments by id (Unleash-Client-Spec header). */
const SEGMENTS_SPEC = '4.2.0';

/**
 * Whether segments are inlined into the strategies' constraints, as Unleash decides: not when the SDK asks
 * (`inlineSegmentConstraints=false`) or says it supports them (Unleash-Client-Spec 4.2.0 or later).
 */
function inlinesSegments(request: FastifyRequest, asked: boolean | undefined): boolean {
  if (asked === false) return false;
  const spec = request.headers['unleash-client-spec'];
  const version = typeof spec === 'string' ? semver.coerce(spec) : null;
  return !(version && semver.gte(version, SEGMENTS_SPEC));
}

/** The SDK's Unleash-Connection-Id header: one per SDK instance, kept across its requests. */
function connectionIdOf(request: FastifyRequest): string | undefined {
  const id = request.headers['unleash-connection-id'];
  return typeof id === 'string' ? id : undefined;
}

/** The ETag an SDK sent back (If-None-Match), as a single tag; undefined without one. */
const sentEtag = (request: FastifyRequest) =>
  request.headers['if-none-match']?.split(',')[0].trim().replace(/^W\//, '');

const INDEX = {
  version: 3 as const,
  links: {
    'feature-toggles': { uri: '/api/client/features' },
    register: { uri: '/api/client/register' },
    metrics: { uri: '/api/client/metrics' },
  },
};

/**
 * The client API (SDKs), for API tokens only. GET api/client/features is answered from snapshots kept while the
 * app's revision is current (server/platform/revisions/), so SDKs polling an unchanged configuration cost no reads.
 */
export const clientApiRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const snapshots = snapshotsOf(app.revisions);
  const deltas = new DeltaHistory();
  const streams = new ClientStreams(deps, app.revisions, deltas, app.log);
  /** The revision when each stream's request came (see StreamToken). */
  const arrivedAt = new WeakMap<FastifyRequest, number>();
  app.addHook('preClose', async () => streams.close());
  // A request whose client has gone (timed out while queued) is dropped before its token is even looked up.
  app.addHook('onRequest', (request, reply, done) => {
    if (gone(request)) reply.hijack();
    done();
  });

  /**
   * The current snapshot of what the caller's token sees with that query, read unless it is kept; undefined when
   * the client has gone before anything had to be read.
   */
  async function snapshotFor(request: FastifyRequest, answer: ReturnType<typeof clientAnswer>) {
    const kept = snapshots.current(answer.key);
    if (kept) return kept;
    if (gone(request)) return undefined;
    return snapshots.get(answer.key, (previous) => answer.read(deps, previous));
  }

  for (const path of ['/api/client', '/api/client/']) {
    app.get(
      path,
      { config: { permission: 'CLIENT' }, schema: { response: { 200: ClientIndexSchema } } },
      async () => INDEX,
    );
  }

  app.get(
    '/api/client/features',
    {
      config: { permission: 'CLIENT' },
      schema: { querystring: ClientFeaturesQuery, response: { 200: ClientFeaturesSchema, 304: NoBody } },
    },
    async (request, reply) => {
      const inlines = inlinesSegments(request, request.query.inlineSegmentConstraints);
      const answer = clientAnswer(tokenOf(request), askedOf(request.query), inlines);
      const snapshot = await snapshotFor(request, answer);
      if (!snapshot) return reply.hijack();
      // An SDK that fell back to polling learns with its next change that it may stream again.
      const changed = !noneMatch(request.headers['if-none-match'], snapshot.etag);
      if (changed && streams.mayStreamAgain(connectionIdOf(request))) reply.header('fetch-mode', 'streaming');
      return sendSnapshot(request, reply, snapshot);
    },
  );

  // One toggle of the answer without a query (the one SDKs poll), so it costs no read while that is current.
  app.get(
    '/api/client/features/:featureName',
    {
      config: { permission: 'CLIENT' },
      schema: { params: ClientFeatureParams, response: { 200: ClientFeatureSchema, 304: NoBody } },
    },
    async (request, reply) => {
      const answer = clientAnswer(tokenOf(request), {}, inlinesSegments(request, undefined));
      const snapshot = await snapshotFor(request, answer);
      if (!snapshot || gone(request)) return reply.hijack();
      const feature = snapshot.feature(request.params.featureName);
      if (!feature) throw notFound(`Could not find feature toggle ${request.params.featureName}`);
      return sendWithEtag(request, reply, feature);
    },
  );

  // The delta API: a hydration, then the events since the state the SDK has (see delta.ts), segments by id.
  app.get(
    '/api/client/delta',
    {
      config: { permission: 'CLIENT' },
      schema: { querystring: ClientDeltaQuery, response: { 200: ClientDeltaSchema, 304: NoBody } },
    },
    async (request, reply) => {
      const answer = clientAnswer(tokenOf(request), askedOf(request.query), false);
      const snapshot = await snapshotFor(request, answer);
      if (!snapshot || gone(request)) return reply.hijack();
      reply.header('ETag', snapshot.etag).header('Vary', 'Accept-Encoding');
      if (noneMatch(request.headers['if-none-match'], snapshot.etag)) return reply.status(304).send();
      deltas.remember(answer.key, snapshot);
      const known = sentEtag(request);
      const base = known === undefined ? undefined : deltas.find(answer.key, known);
      return sendEncoded(request, reply, base ? deltaBody(base, snapshot) : hydration(snapshot));
    },
  );

  // The streaming API: the delta API's hydration, then its events pushed after each change (see streams.ts).
  app.get(
    '/api/client/streaming',
    {
      config: { permission: 'CLIENT' },
      exposeHeadRoute: false, // a HEAD would hold a stream open with nothing to send it
      onRequest: (request, _reply, done) => {
        arrivedAt.set(request, app.revisions.current); // before the guard reads the token
        done();
      },
      schema: {
        querystring: ClientDeltaQuery,
        headers: ClientStreamingHeaders,
        produces: ['text/event-stream'],
        response: {
          200: Type.String({ description: 'unleash-connected, then unleash-updated events; or fetch-mode' }),
        },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      const answer = clientAnswer(token, askedOf(request.query), false);
      const current = () => snapshotFor(request, answer);
      const sdk = { lastId: request.headers['last-event-id'], connectionId: connectionIdOf(request) };
      const since = arrivedAt.get(request)!;
      await streams.open(reply, answer, { secret: token.secret, expiresAt: token.expiresAt, since }, current, sdk);
    },
  );

  app.post(
    '/api/client/register',
    { config: { permission: 'CLIENT' }, schema: { body: RegistrationBody, response: { 202: NoBody } } },
    (request, reply) => answerEmpty(reply, 202, register(deps, tokenOf(request), request.body, request.ip)),
  );

  app.post(
    '/api/client/metrics',
    { config: { permission: 'CLIENT' }, schema: { body: MetricsBody, response: { 202: NoBody } } },
    (request, reply) => answerEmpty(reply, 202, recordMetrics(deps, tokenOf(request), request.body, request.ip)),
  );
};
