import { Badge, Group, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { PermissionButton } from '../../../auth/PermissionControls';
import { useSession } from '../../../auth/user';
import { useChangeRequestConfig } from '../../../change-requests/api/queries';
import { bypassText } from '../../../change-requests/messages';
import { changeRoute } from '../../../change-requests/rules';
import { FormFrame } from '../../../shared/forms/FormFrame';
import { DescriptionField } from '../../../shared/forms/DescriptionField';
import { NameField } from '../../../shared/forms/NameField';
import type { Project } from '../../../projects/rules';
import { CLASSIC_ENVIRONMENT } from '../../offline/changes';
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
  const { values } = form;
  const enabledRoute = useEnabledRoute(values.project);
  const types = featureTypes.length > 0 ? featureTypes : [{ id: values.type, name: values.type }];
  const projectOptions = projects?.some((p) => p.id === values.project)
    ? projects
    : [...(projects ?? []), { id: values.project, name: values.project }];

  return (
    <FormFrame
      form={form}
      title={title}
      maw={720}
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton {...button} permission="CREATE_FEATURE" project={values.project}>
          Create
        </PermissionButton>
      )}
    >
      <NameField form={form} />
      <NativeSelect
        label="Toggle type"
        {...form.field('type')}
        data={types.map((t) => ({ value: t.id, label: t.name }))}
        description={featureTypes.find((t) => t.id === values.type)?.description}
      />
      {projects && (
        <NativeSelect
          label="Project"
          {...form.field('project')}
          data={projectOptions.map((p) => ({ value: p.id, label: p.name || p.id }))}
        />
      )}
      <DescriptionField {...form.field('description')} />
      <Switch
        size="md"
        {...form.checkbox('enabled')}
        checked={values.enabled && enabledRoute !== 'request'}
        disabled={enabledRoute === 'request'}
        label={`${values.enabled && enabledRoute !== 'request' ? 'Enabled' : 'Disabled'} feature toggle`}
        description={
          enabledRoute === 'request'
            ? enabledByRequestText(CLASSIC_ENVIRONMENT)
            : enabledRoute === 'bypass' && values.enabled
              ? bypassText(CLASSIC_ENVIRONMENT)
              : undefined
        }
      />
      {legacy && (
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
                The default strategy will be used: the toggle is on for everyone while it is enabled. You can change the
                strategies once the toggle is created.
              </Text>
            </Paper>
          </Stack>
        </section>
      )}
    </FormFrame>
  );
}

/**
 * How a new toggle would be enabled (in the default environment, as the classic toggle/on does): where that takes
 * changes through change requests, it is created off and turned on by a request (CreateFeature's submit checks again).
 */
function useEnabledRoute(project: string) {
  const configs = useChangeRequestConfig(project).data;
  return changeRoute(configs, CLASSIC_ENVIRONMENT, useSession().data?.permissions);
}

const enabledByRequestText = (environment: string) =>
  `${environment} takes changes through change requests: the toggle is created off, and turned on there by a request ` +
  'once it exists.';
