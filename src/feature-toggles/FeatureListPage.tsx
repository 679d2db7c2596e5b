import { Badge, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../settings/format-date';
import { useLocale } from '../settings/locale';
import { useFeatures } from './features';

/** The seed of the feature list: name, type, project and enabled state of GET api/admin/features. */
export default function FeatureListPage() {
  const features = useFeatures();
  const locale = useLocale();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Feature toggles
      </Title>
      {features.isPending && <Loader aria-label="Loading feature toggles" />}
      {features.isError && (
        <Text c="red.8" role="alert">
          {features.error.message}
        </Text>
      )}
      {features.data?.length === 0 && (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text fw={600}>No feature toggles added yet.</Text>
          <Text c="dimmed">Add your first toggle</Text>
        </Paper>
      )}
      {features.data && features.data.length > 0 && (
        <Paper withBorder radius="md" component="ul" aria-label="Feature toggles" className="sy-feature-list">
          {features.data.map((feature) => (
            <li key={feature.name} className="sy-feature-row">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} className="sy-feature-name">
                  {feature.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {[feature.type, feature.project, feature.createdAt && formatDate(feature.createdAt, locale)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Badge color={feature.enabled ? 'green' : 'gray'} variant="light" size="lg">
                {feature.enabled ? 'Enabled' : 'Disabled'}
              </Badge>
            </li>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
