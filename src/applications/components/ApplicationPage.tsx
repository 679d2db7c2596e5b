import { Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { NotFoundError } from '../../shared/api/errors';
import { useApplication, type ApplicationDetail } from '../api/queries';
import { notFoundMessage, OFFLINE_NOT_LOADED } from '../messages';
import { ApplicationAvatar } from './ApplicationAvatar';
import { ApplicationUrl } from './ApplicationUrl';
import { ApplicationOverview } from './ApplicationOverview';
import { EditApplication } from './EditApplication';
import '../applications.css';

const route = getRouteApi('/main/applications/$name');

function Heading({ app }: { app: ApplicationDetail }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ApplicationAvatar icon={app.icon} color={app.color} size={48} />
      <div style={{ minWidth: 0 }}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {app.appName}
        </Title>
        {app.description && <Text style={{ overflowWrap: 'anywhere' }}>{app.description}</Text>}
        <ApplicationUrl url={app.url} />
      </div>
    </Group>
  );
}

/** /applications/{name}: the application with its overview tab and its edit tab (?tab=edit). */
export default function ApplicationPage() {
  const { name } = route.useParams();
  const { tab } = route.useSearch();
  const navigate = useNavigate();
  const application = useApplication(name);

  if (application.isPending)
    return application.fetchStatus === 'paused' ? (
      <Text>{OFFLINE_NOT_LOADED}</Text>
    ) : (
      <Loader aria-label="Loading application" />
    );
  if (application.isError)
    return (
      <Text className="sy-application-error" role="alert">
        {application.error instanceof NotFoundError ? notFoundMessage(name) : application.error.message}
      </Text>
    );
  const app = application.data;
  return (
    <Stack gap="md">
      <Heading app={app} />
      <Tabs
        value={tab ?? 'overview'}
        onChange={(value) =>
          void navigate({
            to: '/applications/$name',
            params: { name },
            search: value === 'edit' ? { tab: 'edit' } : {},
            replace: true,
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="edit">Edit</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <ApplicationOverview app={app} />
        </Tabs.Panel>
        <Tabs.Panel value="edit" pt="md">
          <EditApplication app={app} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
