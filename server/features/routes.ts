import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { callerPermissions } from '../platform/access/guard.ts';
import { can } from '../platform/access/access.ts';
import { callerName } from '../auth/service.ts';
import { noAccess, validationError } from '../platform/http/errors.ts';
import { TagBody } from '../tags/routes.ts';
import { DEFAULT_TAG_TYPE } from '../tags/service.ts';
import { listFeatureTags } from '../tags/store.ts';
import { featureEnvironmentRoutes } from './environment-routes.ts';
import { sendChanged, toggleEtag, toggleWrite } from './toggle-http.ts';
import { ClassicBody, FeatureBody, Name, PatchBody, VariantsBody } from './schemas.ts';
import {
  addFeatureTag,
  archiveFeature,
  changeProject,
  classicFeature,
  classicList,
  cloneFeature,
  createFeature,
  deleteArchivedFeature,
  featureOverviews,
  listArchived,
  metadata,
  patchToChange,
  patchVariants,
  projectFeature,
  projectOf,
  removeFeatureTag,
  requireFeature,
  reviveFeature,
  setClassicEnabled,
  setStale,
  updateClassic,
  updateMetadata,
  updateVariants,
  validateFeatureName,
} from './service.ts';
import { listFeatures } from './store.ts';

const NameParams = Type.Object({ featureName: Name });
const ProjectParams = Type.Object({ projectId: Type.String({ maxLength: 100 }) });
const ProjectFeatureParams = Type.Object({ projectId: Type.String({ maxLength: 100 }), featureName: Name });
const Many = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 });
const ListQuery = Type.Object({
  tag: Type.Optional(Many),
  project: Type.Optional(Many),
  namePrefix: Type.Optional(Type.String({ maxLength: 200 })),
});

/** ?tag=type:value (repeatable) as [type, value] pairs. */
export function parseTags(tags: string[] | undefined): Array<[string, string]> | undefined {
  return tags?.map((t) => {
    const at = t.indexOf(':');
    if (at <= 0) throw validationError('tag', '"tag" must look like type:value', t);
    return [t.slice(0, at), t.slice(at + 1)];
  });
}

type Params = { featureName?: string; projectId?: string };
/** The project of the toggle named in the path (for the permission check). */
const toggleProject = (deps: AppDeps) => (request: FastifyRequest) =>
  projectOf(deps.db, (request.params as Params).featureName);
const pathProject = (request: FastifyRequest) => (request.params as Params).projectId;

export async function featureRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const byToggle = toggleProject(deps);

  // ---- classic API ----
  app.get('/api/admin/features', { config: { permission: 'NONE' }, schema: { querystring: ListQuery } }, async (request) => {
    const { tag, project, namePrefix } = request.query;
    return { version: 1, features: await classicList(deps.db, { tags: parseTags(tag), projects: project, namePrefix }) };
  });

  app.post(
    '/api/admin/features/validate',
    { config: { permission: 'NONE' }, schema: { body: Type.Object({ name: Name }) } },
    async (request, reply) => {
      await validateFeatureName(deps, request.body.name);
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/features',
    {
      config: { permission: 'CREATE_FEATURE', project: (r) => (r.body as { project?: string } | undefined)?.project ?? 'default' },
      schema: { body: ClassicBody },
    },
    async (request, reply) => {
      const row = await createFeature(deps, callerName(request), request.body.project ?? 'default', request.body, true);
      const view = await classicFeature(deps.db, row);
      const { archived: _archived, ...created } = view;
      return reply
        .status(201)
        .header('ETag', toggleEtag(row.version))
        .send({ ...created, strategies: view.strategies.map(({ sortOrder: _s, ...s }) => s) });
    },
  );

  app.get(
    '/api/admin/features/:featureName',
    { config: { permission: 'NONE' }, schema: { params: NameParams } },
    async (request, reply) => {
      const row = await requireFeature(deps.db, request.params.featureName);
      return reply.header('ETag', toggleEtag(row.version)).send(await classicFeature(deps.db, row));
    },
  );

  app.put(
    '/api/admin/features/:featureName',
    { config: { permission: 'UPDATE_FEATURE', project: byToggle }, schema: { params: NameParams, body: ClassicBody } },
    async (request, reply) => {
      const write = toggleWrite(request);
      return sendChanged(reply, write, await updateClassic(deps, write, request.params.featureName, request.body));
    },
  );

  app.delete(
    '/api/admin/features/:featureName',
    { config: { permission: 'DELETE_FEATURE', project: byToggle }, schema: { params: NameParams } },
    async (request, reply) => {
      const write = toggleWrite(request);
      await archiveFeature(deps, write, request.params.featureName);
      return sendChanged(reply, write);
    },
  );

  for (const [path, mode] of [
    ['toggle/on', true],
    ['toggle/off', false],
    ['toggle', 'flip'],
  ] as const) {
    app.post(
      `/api/admin/features/:featureName/${path}`,
      { config: { permission: 'UPDATE_FEATURE', project: byToggle }, schema: { params: NameParams } },
      async (request, reply) => {
        const write = toggleWrite(request);
        return sendChanged(reply, write, await setClassicEnabled(deps, write, request.params.featureName, mode));
      },
    );
  }

  for (const stale of [true, false]) {
    app.post(
      `/api/admin/features/:featureName/stale/${stale ? 'on' : 'off'}`,
      { config: { permission: 'UPDATE_FEATURE', project: byToggle }, schema: { params: NameParams } },
      async (request, reply) => {
        const write = toggleWrite(request);
        const row = await setStale(deps, write, request.params.featureName, stale);
        return sendChanged(reply, write, await classicFeature(deps.db, row));
      },
    );
  }

  // ---- tags on a toggle ----
  app.get(
    '/api/admin/features/:featureName/tags',
    { config: { permission: 'NONE' }, schema: { params: NameParams } },
    async (request) => {
      await requireFeature(deps.db, request.params.featureName);
      return { version: 1, tags: await listFeatureTags(deps.db, request.params.featureName) };
    },
  );

  app.post(
    '/api/admin/features/:featureName/tags',
    { config: { permission: 'UPDATE_FEATURE', project: byToggle }, schema: { params: NameParams, body: TagBody } },
    async (request, reply) => {
      const tag = { type: request.body.type || DEFAULT_TAG_TYPE, value: request.body.value };
      const write = toggleWrite(request);
      return sendChanged(reply, write, await addFeatureTag(deps, write, request.params.featureName, tag), 201);
    },
  );

  app.delete(
    '/api/admin/features/:featureName/tags/:type/:value',
    {
      config: { permission: 'UPDATE_FEATURE', project: byToggle },
      schema: { params: Type.Object({ featureName: Name, type: Name, value: Name }) },
    },
    async (request, reply) => {
      const { featureName, type, value } = request.params;
      const write = toggleWrite(request);
      await removeFeatureTag(deps, write, featureName, { type, value });
      return sendChanged(reply, write);
    },
  );

  // ---- archive ----
  app.get('/api/admin/archive/features', { config: { permission: 'NONE' } }, async () => ({
    version: 2,
    features: await listArchived(deps.db),
  }));

  app.post(
    '/api/admin/archive/revive/:featureName',
    { config: { permission: 'UPDATE_FEATURE', project: byToggle }, schema: { params: NameParams } },
    async (request, reply) => {
      const write = toggleWrite(request);
      await reviveFeature(deps, write, request.params.featureName);
      return sendChanged(reply, write);
    },
  );

  app.delete(
    '/api/admin/archive/:featureName',
    { config: { permission: 'DELETE_FEATURE', project: byToggle }, schema: { params: NameParams } },
    async (request, reply) => {
      const write = toggleWrite(request);
      await deleteArchivedFeature(deps, write, request.params.featureName);
      return sendChanged(reply, write);
    },
  );

  // ---- project-scoped API ----
  const projectBase = '/api/admin/projects/:projectId/features';

  app.get(projectBase, { config: { permission: 'NONE' }, schema: { params: ProjectParams } }, async (request) => {
    const rows = await listFeatures(deps.db, { archived: false, projects: [request.params.projectId] });
    return { version: 1, features: await featureOverviews(deps.db, rows) };
  });

  app.post(
    projectBase,
    { config: { permission: 'CREATE_FEATURE', project: pathProject }, schema: { params: ProjectParams, body: FeatureBody } },
    async (request, reply) => {
      const row = await createFeature(deps, callerName(request), request.params.projectId, request.body, false);
      return reply.status(201).header('ETag', toggleEtag(row.version)).send(metadata(row));
    },
  );

  app.get(
    `${projectBase}/:featureName`,
    { config: { permission: 'NONE' }, schema: { params: ProjectFeatureParams } },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const row = await requireFeature(deps.db, featureName, { project: projectId });
      return reply.header('ETag', toggleEtag(row.version)).send(await projectFeature(deps.db, row));
    },
  );

  app.put(
    `${projectBase}/:featureName`,
    {
      config: { permission: 'UPDATE_FEATURE', project: pathProject },
      schema: { params: ProjectFeatureParams, body: FeatureBody },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const { name, description, type, stale } = request.body;
      if (name !== featureName) throw validationError('name', `"name" must be ${featureName}, the toggle in the path`, name);
      const write = toggleWrite(request);
      return sendChanged(reply, write, await updateMetadata(deps, write, projectId, featureName, { description, type, stale }));
    },
  );

  app.patch(
    `${projectBase}/:featureName`,
    {
      config: { permission: 'UPDATE_FEATURE', project: pathProject },
      schema: { params: ProjectFeatureParams, body: PatchBody },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const write = toggleWrite(request);
      return sendChanged(reply, write, await updateMetadata(deps, write, projectId, featureName, patchToChange(request.body)));
    },
  );

  app.patch(
    `${projectBase}/:featureName/variants`,
    {
      config: { permission: 'UPDATE_FEATURE', project: pathProject },
      schema: { params: ProjectFeatureParams, body: PatchBody },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const write = toggleWrite(request);
      return sendChanged(reply, write, await updateVariants(deps, write, projectId, featureName, patchVariants(request.body)));
    },
  );

  app.put(
    `${projectBase}/:featureName/variants`,
    {
      config: { permission: 'UPDATE_FEATURE', project: pathProject },
      schema: { params: ProjectFeatureParams, body: VariantsBody },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const write = toggleWrite(request);
      return sendChanged(reply, write, await updateVariants(deps, write, projectId, featureName, () => request.body));
    },
  );

  app.delete(
    `${projectBase}/:featureName`,
    { config: { permission: 'DELETE_FEATURE', project: pathProject }, schema: { params: ProjectFeatureParams } },
    async (request, reply) => {
      const write = toggleWrite(request);
      await archiveFeature(deps, write, request.params.featureName, request.params.projectId);
      return sendChanged(reply, write, undefined, 202);
    },
  );

  app.post(
    `${projectBase}/:featureName/clone`,
    {
      config: { permission: 'CREATE_FEATURE', project: pathProject },
      schema: {
        params: ProjectFeatureParams,
        body: Type.Object({ name: Name, replaceGroupId: Type.Optional(Type.Boolean()) }),
      },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      return reply.status(201).send(await cloneFeature(deps, callerName(request), projectId, featureName, request.body));
    },
  );

  app.post(
    `${projectBase}/:featureName/changeProject`,
    {
      config: { permission: 'CREATE_FEATURE', project: pathProject },
      schema: { params: ProjectFeatureParams, body: Type.Object({ newProjectId: Type.String({ minLength: 1, maxLength: 100 }) }) },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const target = request.body.newProjectId;
      const caller = request.caller!;
      if (!can(await callerPermissions(deps, caller), 'CREATE_FEATURE', target)) {
        throw noAccess(`You need permission=CREATE_FEATURE in project ${target} to move a toggle there`, 'CREATE_FEATURE');
      }
      const write = toggleWrite(request);
      return sendChanged(reply, write, await changeProject(deps, write, projectId, featureName, target));
    },
  );

  await featureEnvironmentRoutes(app, deps);
}
