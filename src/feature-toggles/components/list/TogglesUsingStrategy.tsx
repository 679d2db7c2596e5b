import { List, Loader, Text } from '@mantine/core';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { DEFAULT_PROJECT } from '../../../projects/api/queries';
import { useFeatures } from '../../api/queries';

/** The toggles whose (default environment) strategies use the definition `name`, from GET api/admin/features. */
export function TogglesUsingStrategy({ name }: { name: string }) {
  const features = useFeatures();
  if (features.isPending) return <Loader size="sm" aria-label="Loading toggles" />;
  const using = (features.data ?? []).filter((f) => f.strategies?.some((s) => s.name === name));
  if (using.length === 0) return <Text c="dimmed">No toggles use this strategy.</Text>;
  return (
    <List spacing={0} listStyleType="none" p={0}>
      {using.map((f) => (
        <List.Item key={f.name}>
          <RouteLink
            className="sy-touch-link"
            to="/projects/$projectId/features/$name/$activeTab"
            params={{ projectId: f.project ?? DEFAULT_PROJECT, name: f.name, activeTab: 'strategies' }}
          >
            {f.name}
          </RouteLink>
        </List.Item>
      ))}
    </List>
  );
}
