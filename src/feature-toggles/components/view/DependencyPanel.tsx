import '@mantine/core/styles/Radio.css';
import { Button, Checkbox, Group, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PermissionButton } from '../../../auth/PermissionControls';
import { showToast } from '../../../shared/messages/toast';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { useFeatures } from '../../api/queries';
import type { ProjectFeature } from '../../types';
import { useAddDependency } from '../../api/use-add-dependency';
import { useRemoveDependency } from '../../api/use-remove-dependency';
import { Dialog } from '../../../shared/ui/Dialog';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

const featureLink = (project: string, name: string) => (
  <RouteLink
    to="/projects/$projectId/features2/$featureId"
    params={{ projectId: project, featureId: name }}
    className="sy-touch-link"
    style={{ overflowWrap: 'anywhere' }}
  >
    {name}
  </RouteLink>
);

/** 'Add parent feature': which toggle of the project, whether it must be on or off, and (on) which of its variants. */
function AddParentDialog({ feature, onClose }: { feature: ProjectFeature; onClose(): void }) {
  const add = useAddDependency();
  const toggles = useFeatures().data ?? [];
  const children = feature.children ?? [];
  const candidates = toggles
    .filter((t) => (t.project ?? 'default') === feature.project && t.name !== feature.name)
    .filter((t) => !children.includes(t.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  const [parent, setParent] = useState('');
  const [state, setState] = useState<'enabled' | 'disabled'>('enabled');
  const [variants, setVariants] = useState<string[]>([]);
  const parentVariants = candidates.find((t) => t.name === parent)?.variants ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parent) return;
    add.mutate(
      {
        project: feature.project,
        child: feature.name,
        dependency: {
          feature: parent,
          enabled: state === 'enabled',
          ...(state === 'enabled' && variants.length > 0 && { variants }),
        },
      },
      {
        onSuccess: () => {
          showToast(`${feature.name} now depends on ${parent}.`, 'success');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog title="Add parent feature" onClose={onClose}>
      <form onSubmit={submit} aria-label="Add parent feature" noValidate>
        <Stack gap="md">
          <Text size="sm">
            {feature.name} will only be evaluated when its parent feature is in the state you choose here.
          </Text>
          <ErrorAlert message={add.error?.message} />
          <NativeSelect
            label="What feature do you want to depend on?"
            value={parent}
            data={[{ value: '', label: 'Choose a parent feature' }, ...candidates.map((t) => t.name)]}
            description={candidates.length === 0 ? 'The project has no other feature toggle.' : undefined}
            onChange={(e) => {
              setParent(e.currentTarget.value);
              setVariants([]);
            }}
          />
          <Radio.Group
            label="What state should the parent feature be in?"
            value={state}
            onChange={(value) => setState(value === 'disabled' ? 'disabled' : 'enabled')}
          >
            <Group gap="lg" mt={4}>
              <Radio value="enabled" label="enabled" size="md" />
              <Radio value="disabled" label="disabled" size="md" />
            </Group>
          </Radio.Group>
          {state === 'enabled' && parentVariants.length > 0 && (
            <Checkbox.Group
              label="What variant(s) should the parent feature have?"
              description="None chosen: any variant."
              value={variants}
              onChange={setVariants}
            >
              <Stack gap="xs" mt={4}>
                {parentVariants.map((v) => (
                  <Checkbox key={v.name} value={v.name} label={v.name} size="md" />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <PermissionButton
              permission="UPDATE_FEATURE"
              project={feature.project}
              onlineOnly
              type="submit"
              disabled={!parent}
              loading={add.isPending}
            >
              Add
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * Dependency (Unleash 5): the toggle's parent with the state (and variants) it requires, removable, or 'Add parent
 * feature'; and the toggles that depend on this one. Both writes are online only.
 */
export function DependencyPanel({ feature }: { feature: ProjectFeature }) {
  const [adding, setAdding] = useState(false);
  const remove = useRemoveDependency();
  const parent = feature.dependencies?.[0];
  const children = feature.children ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-dependency">
      <Title order={2} size="h4" id="overview-dependency" mb="xs">
        Dependency
      </Title>
      <Stack gap="xs">
        {parent ? (
          <>
            <Text size="sm">Depends on {featureLink(feature.project, parent.feature)}</Text>
            <Text size="sm">
              The parent must be {parent.enabled === false ? 'disabled' : 'enabled'}
              {parent.enabled !== false && parent.variants?.length
                ? `, with the variant ${parent.variants.join(' or ')}`
                : ''}
              .
            </Text>
            <ErrorAlert message={remove.error?.message} />
            <PermissionButton
              permission="UPDATE_FEATURE"
              project={feature.project}
              onlineOnly
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              style={{ alignSelf: 'flex-start' }}
              onClick={() =>
                remove.mutate(
                  { project: feature.project, child: feature.name, parent: parent.feature },
                  { onSuccess: () => showToast(`${feature.name} no longer depends on ${parent.feature}.`, 'success') },
                )
              }
            >
              Remove dependency
            </PermissionButton>
          </>
        ) : (
          <PermissionButton
            permission="UPDATE_FEATURE"
            project={feature.project}
            onlineOnly
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setAdding(true)}
          >
            Add parent feature
          </PermissionButton>
        )}
        {children.length > 0 && (
          <>
            <Text size="sm" fw={600} mt="xs">
              Children
            </Text>
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Children">
              {children.map((child) => (
                <li key={child}>{featureLink(feature.project, child)}</li>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      {adding && <AddParentDialog feature={feature} onClose={() => setAdding(false)} />}
    </Paper>
  );
}
