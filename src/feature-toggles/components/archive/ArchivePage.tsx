import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PermissionButton } from '../../../auth/PermissionControls';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, truncate } from '../list/feature-list';
import { DEFAULT_PROJECT } from '../../../projects/api/queries';
import { useArchive } from '../../api/queries';
import { useReviveFeature } from '../../api/use-revive-feature';

/** /archive: archived toggles with Revive per row (UPDATE_FEATURE on the toggle's project). */
export default function ArchivePage() {
  return <ArchivedFeatures />;
}

/** The archived toggles with Revive per row; only one project's when `projectId` is given (/projects/{id}/archived). */
export function ArchivedFeatures({ projectId }: { projectId?: string }) {
  const archive = useArchive();
  const revive = useReviveFeature();
  const features = archive.data?.filter((f) => projectId === undefined || (f.project ?? DEFAULT_PROJECT) === projectId);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Archived Features
      </Title>
      {archive.isPending && <Loader aria-label="Loading archived features" />}
      {archive.isError && (
        <Text c="red.8" role="alert">
          {archive.error.message}
        </Text>
      )}
      {features?.length === 0 && (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text>No archived features.</Text>
        </Paper>
      )}
      {features && features.length > 0 && (
        <Paper
          withBorder
          radius="md"
          component="ul"
          aria-label="Archived features"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {features.map((feature) => {
            const project = feature.project ?? DEFAULT_PROJECT;
            return (
              <li key={feature.name} className="sy-archive-row">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Link
                    to="/projects/$projectId/archived/$name/$activeTab"
                    params={{ projectId: project, name: feature.name, activeTab: 'logs' }}
                    className="sy-feature-link"
                    title={feature.name}
                  >
                    {truncate(feature.name, NAME_MAX_LENGTH)}
                  </Link>
                  <Text size="sm" c="dimmed" className="sy-ellipsis">
                    {truncate(feature.description, DESCRIPTION_MAX_LENGTH)}
                  </Text>
                  <Group gap={6} mt={4}>
                    {feature.type && (
                      <Badge color="gray" variant="outline">
                        {feature.type}
                      </Badge>
                    )}
                    <Badge color="indigo" variant="light">
                      {project}
                    </Badge>
                  </Group>
                </div>
                <PermissionButton
                  permission="UPDATE_FEATURE"
                  project={project}
                  variant="light"
                  aria-label={`Revive ${feature.name}`}
                  loading={revive.isPending && revive.variables === feature.name}
                  onClick={() => revive.mutate(feature.name)}
                >
                  Revive
                </PermissionButton>
              </li>
            );
          })}
        </Paper>
      )}
    </Stack>
  );
}
