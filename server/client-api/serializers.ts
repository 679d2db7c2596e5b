import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { ClientFeatureSchema, ClientFeaturesSchema } from '../../contract/client-api.ts';
import { ClientSegmentSchema } from '../../contract/segments.ts';

type Serialize = (value: unknown) => string;
type BuildSerializer = () => (externalSchemas: unknown, options: unknown) => (route: { schema: unknown }) => Serialize;

/** A serializer of that schema, made by Fastify's own compiler (fast-json-stringify) on first use. */
function serializerOf(schema: unknown): Serialize {
  let compiled: Serialize | undefined;
  return (value) => (compiled ??= (SerializerSelector as unknown as BuildSerializer)()({}, {})({ schema }))(value);
}

/**
 * The client API's answers are serialized outside a route's reply (a snapshot is built once for every request and
 * for the frontend API's reads), with the schemas the routes declare, so nothing a schema leaves out is sent.
 */
export const serializeClientFeature = serializerOf(ClientFeatureSchema);
export const serializeClientFeatures = serializerOf(ClientFeaturesSchema);
export const serializeClientSegment = serializerOf(ClientSegmentSchema);
