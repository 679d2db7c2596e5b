import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Gated, usePermission } from '../../auth/PermissionControls';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouteLink } from '../../shared/ui/RouteLink';
import type { Project } from '../rules';
import { useProjects } from '../api/queries';
import { CREATE_PROJECT_DENIED, FETCH_PROJECTS_FAILED, NO_PROJECTS } from '../messages';
import { HealthBadge } from './HealthBadge';
import '../projects.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ProjectCard({ project }: { project: Project }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" className="sy-project-card">
      <Stack gap="xs" h="100%">
        <RouteLink
          to="/projects/$projectId"
          params={{ projectId: project.id }}
          className="sy-touch-link sy-project-link"
          fw={600}
          fz="lg"
        >
          {project.name || project.id}
        </RouteLink>
        {project.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {project.description}
          </Text>
        )}
        <Group gap="xs" mt="auto">
          {project.health !== undefined && <HealthBadge health={project.health} />}
          {project.featureCount !== undefined && (
            <Text size="sm">{count(project.featureCount, 'toggle', 'toggles')}</Text>
          )}
          {project.memberCount !== undefined && (
            <Text size="sm">{count(project.memberCount, 'member', 'members')}</Text>
          )}
        </Group>
        <Group justify="flex-end">
          <ButtonLink
            to="/projects/$projectId/edit"
            params={{ projectId: project.id }}
            variant="subtle"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={`Edit ${project.name || project.id}`}
          >
            Edit
          </ButtonLink>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The create button leads to /projects/create; without CREATE_PROJECT it is disabled and says why. */
function CreateProjectButton() {
  const allowed = usePermission('CREATE_PROJECT');
  return (
    <Gated allowed={allowed} message={CREATE_PROJECT_DENIED}>
      {(gate) =>
        allowed ? (
          <ButtonLink to="/projects/create" leftSection={<IconPlus size={18} aria-hidden />}>
            New project
          </ButtonLink>
        ) : (
          <Button {...gate} leftSection={<IconPlus size={18} aria-hidden />}>
            New project
          </Button>
        )
      }
    </Gated>
  );
}

/** /projects: a card per project (health, toggle and member counts) with its Edit link, and the create button. */
export default function ProjectListPage() {
  const projects = useProjects();
  return (
    <Stack gap="md">
      <PageHeader title="Projects">
        <CreateProjectButton />
      </PageHeader>
      {projects.isPending && <Loader aria-label="Loading projects" />}
      {projects.isError && !projects.data && (
        <Text c="red.8" role="alert">
          {FETCH_PROJECTS_FAILED}
        </Text>
      )}
      {projects.data?.length === 0 && (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text>{NO_PROJECTS}</Text>
        </Paper>
      )}
      {projects.data && projects.data.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          aria-label="Projects"
          className="sy-project-cards"
        >
          {projects.data.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
