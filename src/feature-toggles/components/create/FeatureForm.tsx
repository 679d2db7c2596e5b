import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { PermissionButton } from '../../../auth/PermissionControls';
import type { Project } from '../../../projects/api/queries';
import type { FeatureType } from '../../types';
import type { FeatureForm as Form } from './use-feature-form';

interface Props {
  form: Form;
  title: string;
  featureTypes: FeatureType[];
  /** The project selector shows only when the projects flag is on. */
  projects: Project[] | undefined;
  /** The classic (legacy) form also has the strategies section. */
  legacy: boolean;
  onCancel(): void;
}

/** The create-toggle form: Name, Toggle type, Project, Description, [Enabled switch, strategies], Create and Cancel. */
export function FeatureForm({ form, title, featureTypes, projects, legacy, onCancel }: Props) {
  const { values, errors, setField } = form;
  const types = featureTypes.length > 0 ? featureTypes : [{ id: values.type, name: values.type }];
  const projectOptions = projects?.some((p) => p.id === values.project)
    ? projects
    : [...(projects ?? []), { id: values.project, name: values.project }];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={form.onSubmit} aria-label={title} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {errors.general && (
            <Alert color="red" role="alert" variant="light">
              {errors.general}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            autoComplete="off"
            value={values.name}
            error={errors.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
            onBlur={form.onNameBlur}
          />
          <NativeSelect
            label="Toggle type"
            value={values.type}
            data={types.map((t) => ({ value: t.id, label: t.name }))}
            description={featureTypes.find((t) => t.id === values.type)?.description}
            onChange={(e) => setField('type', e.currentTarget.value)}
          />
          {projects && (
            <NativeSelect
              label="Project"
              value={values.project}
              data={projectOptions.map((p) => ({ value: p.id, label: p.name || p.id }))}
              onChange={(e) => setField('project', e.currentTarget.value)}
            />
          )}
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={values.description}
            onChange={(e) => setField('description', e.currentTarget.value)}
          />
          <Switch
            size="md"
            checked={values.enabled}
            onChange={(e) => setField('enabled', e.currentTarget.checked)}
            label={`${values.enabled ? 'Enabled' : 'Disabled'} feature toggle`}
          />
          {legacy && (
            <>
              <section aria-labelledby="create-strategies">
                <Stack gap={6}>
                  <Title order={2} size="h4" id="create-strategies">
                    Activation strategies
                  </Title>
                  <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
                    <Group gap="xs">
                      <Badge variant="light">default</Badge>
                      <Text fw={600}>Standard</Text>
                    </Group>
                    <Text size="sm" c="dimmed" mt={4}>
                      The default strategy will be used: the toggle is on for everyone while it is enabled. You can
                      change the strategies once the toggle is created.
                    </Text>
                  </Paper>
                </Stack>
              </section>
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <PermissionButton
              permission="CREATE_FEATURE"
              project={values.project}
              type="submit"
              loading={form.submitting}
            >
              Create
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
