import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconCopy, IconPencil, IconTag, IconX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Gated, PermissionButton, PermissionSwitch, usePermission } from '../../../auth/PermissionControls';
import { showToast } from '../../../shared/messages/toast';
import { useSelectableProjects, DEFAULT_PROJECT } from '../../../projects/api/queries';
import { useUiConfig } from '../../../ui-config/api/queries';
import { useFeatureTags, useFeatureTypes } from '../../api/queries';
import type { FeatureToggle } from '../../types';
import { useChangeProject } from '../../api/use-change-project';
import { useRemoveTag } from '../../api/use-remove-tag';
import { useReviveFeature } from '../../api/use-revive-feature';
import { useSetStale } from '../../api/use-set-stale';
import { useToggleFeature } from '../../api/use-toggle-feature';
import { useUpdateFeature } from '../../api/use-update-feature';
import { PinButton } from '../common/PinButton';
import { StaleBadge } from '../common/StaleBadge';
import { PROJECT_UPDATED, updatedMessage } from '../../messages';
import { CLASSIC_ENVIRONMENT } from '../../offline/changes';
import { flipLabel, flipWords } from '../switches/flip';
import { useEnvironmentChange } from '../switches/use-environment-change';
import { AddTagDialog } from './AddTagDialog';
import { ArchiveDialog } from './ArchiveDialog';

function Description({ feature, project }: { feature: FeatureToggle; project: string }) {
  const allowed = usePermission('CREATE_FEATURE', project);
  const update = useUpdateFeature();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');

  if (editing) {
    return (
      <form
        aria-label="Edit description"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            { feature, changes: { description: text.trim() } },
            {
              onSuccess: () => {
                setEditing(false);
                showToast(updatedMessage(feature.name), 'success');
              },
            },
          );
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text style={{ flex: 1, overflowWrap: 'anywhere' }} c={feature.description ? undefined : 'dimmed'}>
        {feature.description || 'No description'}
      </Text>
      {!feature.archived && (
        <Gated allowed={allowed}>
          {(gate) => (
            <ActionIcon
              variant="subtle"
              aria-label="Edit description"
              {...gate}
              onClick={() => {
                if (!allowed) return;
                setText(feature.description ?? '');
                setEditing(true);
              }}
            >
              <IconPencil size={20} aria-hidden />
            </ActionIcon>
          )}
        </Gated>
      )}
    </Group>
  );
}

function Tags({ feature, project }: { feature: FeatureToggle; project: string }) {
  const tags = useFeatureTags(feature.name).data ?? [];
  const canDelete = usePermission('UPDATE_FEATURE', project) && !feature.archived;
  const removeTag = useRemoveTag();
  if (tags.length === 0) return null;
  return (
    <Group gap={6} component="ul" aria-label="Tags" p={0} m={0} style={{ listStyle: 'none' }}>
      {tags.map((tag) => (
        <li key={`${tag.type}:${tag.value}`} className="sy-tag">
          <span>
            {tag.type}:{tag.value}
          </span>
          {canDelete && (
            <ActionIcon
              variant="subtle"
              color="grape"
              aria-label={`Delete tag ${tag.type}:${tag.value}`}
              onClick={() => removeTag.mutate({ name: feature.name, tag })}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          )}
        </li>
      ))}
    </Group>
  );
}

function StaleMenu({ feature, project }: { feature: FeatureToggle; project: string }) {
  const allowed = usePermission('UPDATE_FEATURE', project);
  const setStale = useSetStale();
  const label = feature.stale ? 'Stale' : 'Active';
  // Queued: the queue says when the server has it (or that it is queued, offline).
  const flip = (stale: boolean) => {
    if (stale !== !!feature.stale) setStale.mutate({ name: feature.name, stale });
  };
  if (!allowed) {
    return (
      <PermissionButton permission="UPDATE_FEATURE" project={project} variant="default" aria-label={`State: ${label}`}>
        {label}
      </PermissionButton>
    );
  }
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={`State: ${label}`}
          loading={setStale.isPending}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => flip(false)}>Active</Menu.Item>
        <Menu.Item onClick={() => flip(true)}>Stale</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Header of the classic detail page: name, badge/chip, description, type, project, tags and the controls. */
export function FeatureHeader({ feature, activeTab }: { feature: FeatureToggle; activeTab: string }) {
  const project = feature.project ?? DEFAULT_PROJECT;
  const archived = !!feature.archived;
  const navigate = useNavigate();
  const projectsEnabled = useUiConfig().data?.flags.P === true;
  const projects = useSelectableProjects(projectsEnabled && !archived);
  const featureTypes = useFeatureTypes().data ?? [];
  const canEdit = usePermission('CREATE_FEATURE', project) && !archived;
  const toggle = useToggleFeature();
  const gated = useEnvironmentChange();
  const update = useUpdateFeature();
  const changeProject = useChangeProject();
  // Revive restores the toggle and returns to its project page, as Archive does.
  const revive = useReviveFeature(() => navigate({ to: '/projects/$projectId', params: { projectId: project } }));
  const [tagOpen, setTagOpen] = useState(false);
  const [archiveOpen, setArchiveOpen] = useState(false);

  const types =
    featureTypes.some((t) => t.id === feature.type) || !feature.type
      ? featureTypes
      : [...featureTypes, { id: feature.type, name: feature.type }];
  const projectOptions = projects.some((p) => p.id === project)
    ? projects
    : [{ id: project, name: project }, ...projects];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {feature.name}
          </Title>
          {archived ? (
            <Badge color="gray" variant="filled" size="lg">
              Archived
            </Badge>
          ) : (
            <StaleBadge stale={feature.stale} />
          )}
          <PinButton feature={feature} />
        </Group>
        <Description feature={feature} project={project} />
        <div className="sy-detail-fields">
          <Gated allowed={canEdit}>
            {(gate) => (
              <NativeSelect
                label="Feature type"
                value={feature.type ?? ''}
                data={types.map((t) => ({ value: t.id, label: t.name }))}
                {...gate}
                onChange={(e) => {
                  if (!canEdit) return;
                  const type = e.currentTarget.value;
                  update.mutate(
                    { feature, changes: { type } },
                    { onSuccess: () => showToast(updatedMessage(feature.name), 'success') },
                  );
                }}
              />
            )}
          </Gated>
          {projectsEnabled && (
            <Gated allowed={canEdit}>
              {(gate) => (
                <NativeSelect
                  label="Project"
                  value={project}
                  data={projectOptions.map((p) => ({ value: p.id, label: p.name || p.id }))}
                  {...gate}
                  onChange={(e) => {
                    if (!canEdit) return;
                    const newProjectId = e.currentTarget.value;
                    changeProject.mutate(
                      { feature, newProjectId },
                      {
                        onSuccess: () => {
                          showToast(PROJECT_UPDATED, 'success');
                          void navigate({
                            to: '/projects/$projectId/features/$name/$activeTab',
                            params: { projectId: newProjectId, name: feature.name, activeTab },
                            replace: true,
                          });
                        },
                        onError: (error) => showToast(error.message, 'error'),
                      },
                    );
                  }}
                />
              )}
            </Gated>
          )}
        </div>
        <Tags feature={feature} project={project} />
        <Group gap="sm" wrap="wrap" className="sy-detail-controls">
          <PermissionSwitch
            permission="UPDATE_FEATURE"
            project={project}
            size="lg"
            label="Enabled"
            checked={!!feature.enabled}
            disabled={archived}
            onChange={(enabled) => {
              // The default environment's switch: requested where that environment takes change requests.
              const flip = { project, feature: feature.name, environment: { name: CLASSIC_ENVIRONMENT }, enabled };
              void gated.change({
                ...flip,
                change: { feature: feature.name, action: 'updateEnabled', payload: { enabled } },
                what: flipWords(flip),
                label: flipLabel(flip),
                // A failure to queue is reported as every failed mutation is (the snackbar).
                make: () =>
                  toggle.mutateAsync({ name: feature.name, enabled }).then(
                    () => undefined,
                    () => undefined,
                  ),
              });
            }}
          />
          {archived ? (
            <PermissionButton
              permission="UPDATE_FEATURE"
              project={project}
              onClick={() => revive.mutate(feature.name)}
              loading={revive.isPending}
            >
              Revive
            </PermissionButton>
          ) : (
            <>
              <PermissionButton
                permission="UPDATE_FEATURE"
                project={project}
                variant="default"
                leftSection={<IconTag size={16} aria-hidden />}
                onClick={() => setTagOpen(true)}
              >
                Add tag
              </PermissionButton>
              <PermissionButton
                permission="CREATE_FEATURE"
                project={project}
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() =>
                  void navigate({
                    to: '/projects/$projectId/features/$name/$activeTab/copy',
                    params: { projectId: project, name: feature.name, activeTab },
                  })
                }
              >
                Clone
              </PermissionButton>
              <StaleMenu feature={feature} project={project} />
              <PermissionButton
                permission="DELETE_FEATURE"
                project={project}
                color="red"
                variant="outline"
                onClick={() => setArchiveOpen(true)}
              >
                Archive
              </PermissionButton>
            </>
          )}
        </Group>
      </Stack>
      {tagOpen && <AddTagDialog name={feature.name} opened={tagOpen} onClose={() => setTagOpen(false)} />}
      {archiveOpen && <ArchiveDialog name={feature.name} project={project} onClose={() => setArchiveOpen(false)} />}
      {gated.dialog}
    </Paper>
  );
}
