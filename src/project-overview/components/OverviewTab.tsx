import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, Loader, Pagination, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { PermissionSwitch } from '../../auth/PermissionControls';
import { environmentsQuery } from '../../environments/api/queries';
import { lastSeen } from '../../feature-toggles/components/list/feature-list';
import { switchName } from '../../feature-toggles/components/switches/flip';
import { useEnvironmentFlip } from '../../feature-toggles/components/switches/use-environment-flip';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { formatDate } from '../../shared/locale/format-date';
import { useLocale } from '../../shared/locale/locale';
import type { ProjectOverview } from '../../projects/api/queries';
import { ToggleLink } from './ToggleLink';
import { NO_TOGGLES } from '../messages';
import { inStage, sortToggles, TOGGLES_PAGE_SIZE, type StageFilter as Stage, type ToggleSortKey } from '../rules';
import { STAGE_LABELS } from '../../feature-toggles/lifecycle';
import { StageFilter } from './StageFilter';
import { useEnvironmentStates } from './use-environment-states';
import { SelectAll, SelectBox, useSelection } from '../../feature-toggles/components/bulk/selection';
import { selectionOf } from '../../feature-toggles/components/bulk/bulk-texts';

const BulkActionBar = lazy(() => import('../../feature-toggles/components/bulk/BulkActionBar'));
const WIDE = '(min-width: 700px)';

const SORT_LABELS: Record<ToggleSortKey, string> = {
  name: 'Name',
  lastSeenAt: 'Last seen',
  type: 'Type',
  createdAt: 'Created',
};

/** A column head that sorts by its key; pressed again, it reverses the order. */
function SortHead({
  sortKey,
  sort,
  onSort,
  className,
}: {
  sortKey: ToggleSortKey;
  sort: { key: ToggleSortKey; descending: boolean };
  onSort(key: ToggleSortKey): void;
  className?: string;
}) {
  const active = sort.key === sortKey;
  const Arrow = sort.descending ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th className={className} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton className="sy-sort-button" onClick={() => onSort(sortKey)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {SORT_LABELS[sortKey]}
          {active && <Arrow size={14} aria-hidden />}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The overview tab: the project's toggles, 50 a page, sortable by name, last seen, type and created, each with a
 * switch per project environment (the same flip as the feature list: production confirmed, queued, undoable).
 */
export function OverviewTab({ projectId, overview }: { projectId: string; overview: ProjectOverview | undefined }) {
  const [sort, setSort] = useState<{ key: ToggleSortKey; descending: boolean }>({ key: 'name', descending: false });
  const [page, setPage] = useState(1);
  const [stage, setStage] = useState<Stage>('all');
  const environments = useQuery(environmentsQuery).data ?? [];
  const { flip, dialog } = useEnvironmentFlip();
  const locale = useLocale();
  const enabledIn = useEnvironmentStates(projectId);
  // Rows are selected for the action bar: checkboxes on wide screens, on a phone in select mode.
  const selection = useSelection();
  const [selectMode, setSelectMode] = useState(false);
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });
  const selecting = wide || selectMode;

  if (!overview) return <Loader aria-label="Loading feature toggles" />;
  const sorted = sortToggles(inStage(overview.features, stage), sort.key, sort.descending);
  const pages = Math.max(1, Math.ceil(sorted.length / TOGGLES_PAGE_SIZE));
  const shown = sorted.slice(
    (Math.min(page, pages) - 1) * TOGGLES_PAGE_SIZE,
    Math.min(page, pages) * TOGGLES_PAGE_SIZE,
  );
  const onSort = (key: ToggleSortKey) => setSort((s) => ({ key, descending: s.key === key ? !s.descending : false }));
  // A production-type environment's flip is confirmed: the type comes with the toggle's state, else the list's.
  const typeOf = (toggle: ProjectOverview['features'][number], name: string) =>
    toggle.environments.find((env) => env.name === name)?.type ?? environments.find((env) => env.name === name)?.type;

  const createLink = (
    <ButtonLink
      to="/projects/$projectId/create-toggle"
      params={{ projectId }}
      variant="light"
      leftSection={<IconPlus size={18} aria-hidden />}
    >
      Create feature toggle
    </ButtonLink>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text fw={600} component="h2" fz="lg" m={0}>
          Toggles ({overview.features.length})
        </Text>
        <Group gap="sm">
          {!wide && overview.features.length > 0 && (
            <Button
              variant={selectMode ? 'light' : 'default'}
              aria-pressed={selectMode}
              className="sy-select-mode"
              onClick={() => {
                if (selectMode) selection.clear();
                setSelectMode(!selectMode);
              }}
            >
              {selectMode ? 'Done' : 'Select'}
            </Button>
          )}
          {createLink}
        </Group>
      </Group>
      {selection.selected.size > 0 && (
        <Suspense>
          <BulkActionBar
            groups={selection.byProject(overview.features.map((toggle) => ({ ...toggle, project: projectId })))}
            environments={overview.environments.map((name) => ({
              name,
              type: environments.find((env) => env.name === name)?.type,
            }))}
            onClear={selection.clear}
            phone={!wide}
          />
        </Suspense>
      )}
      {selecting &&
        pages > 1 &&
        selectionOf(
          shown.map((t) => t.name),
          selection.selected,
        ) === 'all' && (
          <Group gap="sm">
            <Text size="sm">The {shown.length} toggles of this page are selected.</Text>
            <Button
              variant="subtle"
              onClick={() =>
                selection.selectMany(
                  sorted.map((t) => t.name),
                  true,
                )
              }
            >
              Select all {sorted.length} toggles
            </Button>
          </Group>
        )}
      {overview.features.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text>{NO_TOGGLES}</Text>
        </Paper>
      ) : (
        <StageFilter
          value={stage}
          onChange={(next) => {
            setStage(next);
            setPage(1);
          }}
        />
      )}
      {overview.features.length > 0 && (
        <Paper withBorder radius="md" className="sy-project-toggles">
          <Table verticalSpacing="xs" aria-label="Feature toggles of the project">
            <Table.Thead>
              <Table.Tr>
                {selecting && (
                  <Table.Th className="sy-select-column">
                    <SelectAll
                      names={shown.map((toggle) => toggle.name)}
                      total={sorted.length}
                      selection={selection}
                      label={pages > 1 ? `Select the ${shown.length} toggles of this page` : undefined}
                    />
                  </Table.Th>
                )}
                <SortHead sortKey="name" sort={sort} onSort={onSort} />
                <SortHead sortKey="lastSeenAt" sort={sort} onSort={onSort} className="sy-wide-only" />
                <SortHead sortKey="type" sort={sort} onSort={onSort} className="sy-wide-only" />
                <SortHead sortKey="createdAt" sort={sort} onSort={onSort} className="sy-wide-only" />
                <Table.Th className="sy-wide-only" fz="sm">
                  Lifecycle
                </Table.Th>
                {overview.environments.map((env) => (
                  <Table.Th key={env} fz="sm">
                    {env}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((toggle) => {
                const seen = lastSeen(toggle.lastSeenAt);
                return (
                  <Table.Tr key={toggle.name}>
                    {selecting && (
                      <Table.Td className="sy-select-column">
                        <SelectBox
                          name={toggle.name}
                          selected={selection.selected.has(toggle.name)}
                          onSelect={selection.select}
                        />
                      </Table.Td>
                    )}
                    <Table.Td className="sy-project-toggle-name">
                      <Group gap={6}>
                        <ToggleLink projectId={projectId} name={toggle.name} />
                        {toggle.stale && (
                          <Badge color="red" variant="filled">
                            Stale
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td className="sy-wide-only">
                      <Text size="sm">{seen ? seen.text : 'Never'}</Text>
                    </Table.Td>
                    <Table.Td className="sy-wide-only">
                      <Text size="sm">{toggle.type}</Text>
                    </Table.Td>
                    <Table.Td className="sy-wide-only">
                      <Text size="sm">{toggle.createdAt ? formatDate(toggle.createdAt, locale) : ''}</Text>
                    </Table.Td>
                    <Table.Td className="sy-wide-only">
                      <Text size="sm">{toggle.lifecycle ? STAGE_LABELS[toggle.lifecycle.stage] : ''}</Text>
                    </Table.Td>
                    {overview.environments.map((env) => {
                      const enabled = enabledIn(toggle, env);
                      return (
                        <Table.Td key={env}>
                          <PermissionSwitch
                            permission="UPDATE_FEATURE"
                            project={projectId}
                            size="md"
                            className="sy-project-switch"
                            checked={enabled === true}
                            disabled={enabled === undefined}
                            aria-label={switchName(toggle.name, env)}
                            onChange={(on) =>
                              flip({
                                project: projectId,
                                feature: toggle.name,
                                environment: { name: env, type: typeOf(toggle, env) },
                                enabled: on,
                              })
                            }
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
              {shown.length === 0 && stage !== 'all' && (
                <Table.Tr>
                  <Table.Td colSpan={(selecting ? 6 : 5) + overview.environments.length}>
                    <Text size="sm">No toggles in the {STAGE_LABELS[stage]} stage.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
      {dialog}
    </Stack>
  );
}
