import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
  [key: string]: unknown;
}
type BuildValidator = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => Validate;
type BuildSerializer = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => Serialize;

// Fastify's own compilers (ajv and fast-json-stringify: the versions Fastify depends on), imported here rather than
// loaded from fastify's folder when the first schema is compiled, so that they are in the server's bundle and its
// code cache (scripts/build.mjs): loading them from node_modules made the first answer after start ~100 ms slower.
const ajvCompiler = AjvCompiler as unknown as () => BuildValidator;
const serializerCompiler = SerializerSelector as unknown as () => BuildSerializer;

/**
 * Fastify's `schemaController` with Fastify's own compilers, run as Fastify runs them (every route's schemas
 * compiled before the server is ready) or on first use: each schema is compiled by the first request that needs
 * it. Compiling all ~300 took most of a second of every start and ~40 MB that routes never called do not need; the
 * tests build every app with `onFirstUse: false`, so a schema that does not compile still fails them. A custom
 * compiler gets header schemas as written: their property names are lower-cased here, as Fastify does for its own.
 */
export function schemaController(options: {
  onFirstUse: boolean;
}): NonNullable<FastifyServerOptions['schemaController']> {
  let buildValidator: BuildValidator | undefined;
  let buildSerializer: BuildSerializer | undefined;

  const compilersFactory = {
    buildValidator: (externalSchemas: unknown, ajvOptions: unknown) => {
      let compiler: ReturnType<BuildValidator> | undefined;
      return (route: RouteSchema): Validate => {
        const target = route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaders(route.schema) } : route;
        const compile = () => (compiler ??= (buildValidator ??= ajvCompiler())(externalSchemas, ajvOptions))(target);
        if (!options.onFirstUse) return compile();
        let compiled: Validate | undefined;
        const validate: Validate = (data) => {
          compiled ??= compile();
          const valid = compiled(data);
          validate.errors = compiled.errors; // Fastify reads the errors from the function it was given
          return valid;
        };
        return validate;
      };
    },
    buildSerializer: (externalSchemas: unknown, serializerOptions: unknown) => {
      let compiler: ReturnType<BuildSerializer> | undefined;
      return (route: RouteSchema): Serialize => {
        const compile = () =>
          (compiler ??= (buildSerializer ??= serializerCompiler())(externalSchemas, serializerOptions))(route);
        if (!options.onFirstUse) return compile();
        let compiled: Serialize | undefined;
        return (data) => (compiled ??= compile())(data);
      };
    },
  };
  // The factories take and give what Fastify's own do; their types are those packages', not dependencies of ours.
  return { compilersFactory } as unknown as NonNullable<FastifyServerOptions['schemaController']>;
}

/** Node gives header names in lower case: so must a header schema's property names and required list be. */
function lowerCaseHeaders(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const { properties, required, ...rest } = schema as { properties?: Record<string, unknown>; required?: unknown };
  return {
    ...rest,
    ...(properties && {
      properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value])),
    }),
    ...(Array.isArray(required) && { required: required.map((name) => String(name).toLowerCase()) }),
  };
}
