import { Loader, Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouteLink } from '../../shared/ui/RouteLink';
import '../../shared/ui/list.css';
import { useApplications, type Application } from '../api/queries';
import { NO_APPLICATIONS, OFFLINE_NOT_LOADED } from '../messages';
import { ApplicationAvatar } from './ApplicationAvatar';
import { ApplicationUrl } from './ApplicationUrl';
import '../applications.css';

function ApplicationRow({ app }: { app: Application }) {
  return (
    <li className="sy-application-row">
      <ApplicationAvatar icon={app.icon} color={app.color} />
      <div className="sy-application-text">
        <RouteLink
          to="/applications/$name"
          params={{ name: app.appName }}
          fw={600}
          className="sy-touch-link sy-application-name"
        >
          {app.appName}
        </RouteLink>
        {app.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {app.description}
          </Text>
        )}
        <ApplicationUrl url={app.url} />
      </div>
    </li>
  );
}

/** /applications: every registered application with its icon, description and url, linked to its page. */
export default function ApplicationsPage() {
  const applications = useApplications();
  return (
    <Stack gap="md">
      <PageHeader title="Applications" />
      <Paper withBorder radius="md">
        {applications.isPending ? (
          applications.fetchStatus === 'paused' ? (
            <Text p="md">{OFFLINE_NOT_LOADED}</Text>
          ) : (
            <Loader m="md" aria-label="Loading applications" />
          )
        ) : applications.isError ? (
          <Text className="sy-application-error" role="alert" p="md">
            {applications.error.message}
          </Text>
        ) : applications.data.length === 0 ? (
          <Text p="md">{NO_APPLICATIONS}</Text>
        ) : (
          <ul className="sy-list" aria-label="Applications">
            {applications.data.map((app) => (
              <ApplicationRow key={app.appName} app={app} />
            ))}
          </ul>
        )}
      </Paper>
    </Stack>
  );
}
