import { Button, Group, NativeSelect, Paper, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../../../shared/api/client';
import { PermissionButton, usePermission } from '../../../auth/PermissionControls';
import { showToast } from '../../../shared/messages/toast';
import type { Project } from '../../../projects/rules';
import { useSelectableProjects } from '../../../projects/api/queries';
import { useUiConfig } from '../../../ui-config/api/queries';
import { PROJECT_UPDATED, updatedMessage } from '../../messages';
import { useFeatureTypes } from '../../api/queries';
import type { FeatureType, ProjectFeature } from '../../types';
import { useChangeProject } from '../../api/use-change-project';
import { useUpdateFeature } from '../../api/use-update-feature';
import { missingEnvironments } from './configuration';
import { shortName } from './FeatureViewHeader';
import { Dialog } from '../../../shared/ui/Dialog';
import { useAction } from '../../../shared/ui/use-action';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

export const DESCRIPTION_REQUIRED = 'Description is required';

/** GET api/admin/projects/{id}: the environments of a move's target project. */
const projectEnvironmentsQuery = (id: string) => ({
  queryKey: ['projects', 'one', id] as const,
  queryFn: async () =>
    (await api.get<{ environments?: string[] }>(`api/admin/projects/${encodeURIComponent(id)}`)).environments ?? [],
  meta: { inlineErrors: true },
  staleTime: 0,
});

interface MetadataProps {
  feature: ProjectFeature;
  featureTypes: FeatureType[];
  /** Sends the changed fields (a diff of type and description). */
  save(changes: { type?: string; description?: string }): Promise<void>;
}

/** Metadata: the feature type and the (required) description. */
export function MetadataForm({ feature, featureTypes, save }: MetadataProps) {
  const allowed = usePermission('UPDATE_FEATURE', feature.project);
  const [type, setType] = useState(feature.type ?? '');
  const [description, setDescription] = useState(feature.description ?? '');
  const { busy: saving, error, setError, run } = useAction();
  const types =
    featureTypes.some((t) => t.id === type) || !type ? featureTypes : [...featureTypes, { id: type, name: type }];
  const changes = {
    ...(type !== (feature.type ?? '') ? { type } : {}),
    ...(description.trim() !== (feature.description ?? '') ? { description: description.trim() } : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!allowed || !dirty || saving) return;
    if (!description.trim()) {
      setError(DESCRIPTION_REQUIRED);
      return;
    }
    await run(() => save(changes));
  };

  return (
    <form onSubmit={onSubmit} aria-label="Metadata" noValidate>
      <Stack gap="md">
        <NativeSelect
          label="Feature type"
          value={type}
          data={types.map((t) => ({ value: t.id, label: t.name }))}
          description={featureTypes.find((t) => t.id === type)?.description}
          disabled={!allowed}
          onChange={(e) => setType(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={3}
          value={description}
          error={error}
          disabled={!allowed}
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <PermissionButton
            permission="UPDATE_FEATURE"
            project={feature.project}
            type="submit"
            disabled={!dirty}
            loading={saving}
          >
            Save
          </PermissionButton>
        </Group>
      </Stack>
    </form>
  );
}

interface MoveProps {
  feature: ProjectFeature;
  /** Projects the user may move the toggle to. */
  projects: Project[];
  /** The environments of a project (GET api/admin/projects/{id}). */
  environmentsOf(projectId: string): Promise<string[]>;
  move(projectId: string): Promise<void>;
}

/** Project: move the toggle, allowed only if every environment with strategies exists in the target project. */
export function MoveProjectForm({ feature, projects, environmentsOf, move }: MoveProps) {
  const allowed = usePermission('UPDATE_FEATURE', feature.project);
  const [target, setTarget] = useState(feature.project);
  const { busy, error, run } = useAction();
  const [blocked, setBlocked] = useState<string[]>();
  const options = projects.some((p) => p.id === feature.project)
    ? projects
    : [{ id: feature.project, name: feature.project }, ...projects];
  const targetName = options.find((p) => p.id === target)?.name || target;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!allowed || target === feature.project || busy) return;
    await run(async () => {
      const missing = missingEnvironments(feature.environments, await environmentsOf(target));
      if (missing.length > 0) setBlocked(missing);
      else await move(target);
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Project" noValidate>
      <Stack gap="md">
        <ErrorAlert message={error} />
        <NativeSelect
          label="Project"
          value={target}
          data={options.map((p) => ({ value: p.id, label: p.name || p.id }))}
          disabled={!allowed}
          onChange={(e) => setTarget(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <PermissionButton
            permission="UPDATE_FEATURE"
            project={feature.project}
            type="submit"
            disabled={target === feature.project}
            loading={busy}
          >
            Move toggle
          </PermissionButton>
        </Group>
      </Stack>
      {blocked && (
        <Dialog title="The toggle cannot be moved" onClose={() => setBlocked(undefined)}>
          <Stack gap="md">
            <Text style={{ overflowWrap: 'anywhere' }}>
              {shortName(feature.name)} has strategies in environments that project {targetName} does not have:{' '}
              {blocked.join(', ')}. Add those environments to the project first, or remove their strategies.
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => setBlocked(undefined)} data-autofocus>
                Close
              </Button>
            </Group>
          </Stack>
        </Dialog>
      )}
    </form>
  );
}

/** Settings: a list on the left (Metadata, and Project when the projects flag is on) and the chosen form. */
export function SettingsTab({ feature }: { feature: ProjectFeature }) {
  const projectsEnabled = useUiConfig().data?.flags.P === true;
  const featureTypes = useFeatureTypes().data ?? [];
  const projects = useSelectableProjects(projectsEnabled);
  const update = useUpdateFeature();
  const changeProject = useChangeProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 700px)');
  return (
    <Tabs defaultValue="metadata" orientation={wide ? 'vertical' : 'horizontal'} variant="pills" keepMounted={false}>
      <Tabs.List aria-label="Settings" mr={wide ? 'md' : 0} mb={wide ? 0 : 'md'}>
        <Tabs.Tab value="metadata">Metadata</Tabs.Tab>
        {projectsEnabled && <Tabs.Tab value="project">Project</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="metadata" style={{ flex: 1, minWidth: 0 }}>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            Metadata
          </Title>
          <MetadataForm
            feature={feature}
            featureTypes={featureTypes}
            save={async (changes) => {
              await update.mutateAsync({ feature, changes });
              showToast(updatedMessage(feature.name), 'success');
            }}
          />
        </Paper>
      </Tabs.Panel>
      {projectsEnabled && (
        <Tabs.Panel value="project" style={{ flex: 1, minWidth: 0 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={2} size="h4" mb="sm">
              Project
            </Title>
            <MoveProjectForm
              feature={feature}
              projects={projects}
              environmentsOf={(id) => queryClient.fetchQuery(projectEnvironmentsQuery(id))}
              move={async (newProjectId) => {
                await changeProject.mutateAsync({ feature, newProjectId });
                showToast(PROJECT_UPDATED, 'success');
                await navigate({
                  to: '/projects/$projectId/features2/$featureId/$activeTab',
                  params: { projectId: newProjectId, featureId: feature.name, activeTab: 'settings' },
                  replace: true,
                });
              }}
            />
          </Paper>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
