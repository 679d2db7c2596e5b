import { createRequire } from 'node:module';
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

// Fastify's own compilers (ajv and fast-json-stringify), resolved from fastify's folder: its dependencies, not ours.
// Loaded when the first schema is compiled (ajv alone takes ~70 ms to load).
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const ajvCompiler = () => (fromFastify('@fastify/ajv-compiler') as () => BuildValidator)();
const serializerCompiler = () => (fromFastify('@fastify/fast-json-stringify-compiler') as () => BuildSerializer)();

export interface SchemaCompilers {
  /** For Fastify's `schemaController` option. */
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  /** Compiles every schema still waiting, one per turn of the event loop so requests go first. */
  compilePending(): Promise<void>;
}

/**
 * Fastify's compilers, either as Fastify runs them (every route's schemas compiled before it listens) or deferred:
 * each schema is compiled on its first use or by compilePending(). Compiling ~300 schemas took most of a second of
 * every start. A custom compiler gets header schemas as written, so their property names are lower-cased here,
 * as Fastify does for its own.
 */
export function schemaCompilers(options: { deferred: boolean }): SchemaCompilers {
  const pending = new Set<() => unknown>();
  let buildValidator: BuildValidator | undefined;
  let buildSerializer: BuildSerializer | undefined;

  const later = <F extends (data: unknown) => unknown>(compile: () => F, call: (fn: F, data: unknown) => unknown) => {
    if (!options.deferred) return compile();
    let compiled: F | undefined;
    const ensure = () => {
      pending.delete(ensure);
      return (compiled ??= compile());
    };
    pending.add(ensure);
    return ((data: unknown) => call(ensure(), data)) as unknown as F;
  };

  const compilersFactory = {
    buildValidator: (externalSchemas: unknown, ajvOptions: unknown) => {
      let compiler: ReturnType<BuildValidator> | undefined;
      return (route: RouteSchema) => {
        const target = route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaders(route.schema) } : route;
        const validate: Validate = later(
          () => (compiler ??= (buildValidator ??= ajvCompiler())(externalSchemas, ajvOptions))(target),
          (fn, data) => {
            const valid = fn(data);
            validate.errors = fn.errors; // Fastify reads the errors from the function it was given
            return valid;
          },
        );
        return validate;
      };
    },
    buildSerializer: (externalSchemas: unknown, serializerOptions: unknown) => {
      let compiler: ReturnType<BuildSerializer> | undefined;
      return (route: RouteSchema) =>
        later(
          () => (compiler ??= (buildSerializer ??= serializerCompiler())(externalSchemas, serializerOptions))(route),
          (fn, data) => fn(data),
        );
    },
  };

  return {
    // The factories take and give what Fastify's own do; their types are those packages', not dependencies of ours.
    schemaController: { compilersFactory } as unknown as SchemaCompilers['schemaController'],
    async compilePending() {
      const errors: unknown[] = [];
      for (const compile of pending) {
        try {
          compile();
        } catch (error) {
          errors.push(error);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (errors.length) throw new AggregateError(errors, `${errors.length} route schemas do not compile`);
    },
  };
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
