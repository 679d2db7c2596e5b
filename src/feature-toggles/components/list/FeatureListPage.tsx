import { Button, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconArchive,
  IconPlus,
  IconSearch,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../shared/ui/RouteLink';
import { VirtualList } from '../../../shared/ui/VirtualList';
import { PermissionButton, RowSwitch } from '../../../auth/PermissionControls';
import { useHasAccess } from '../../../auth/permissions';
import { environmentsQuery } from '../../../environments/api/queries';
import { useLastSynced, usePendingChanges } from '../../../offline/context';
import { useProjects, DEFAULT_PROJECT } from '../../../projects/api/queries';
import { useUiConfig } from '../../../ui-config/api/queries';
import {
  DESCRIPTION_MAX_LENGTH,
  filterFeatures,
  indexFeatures,
  lastSeen,
  NAME_MAX_LENGTH,
  SORT_OPTIONS,
  sortFeatures,
  truncate,
  type IndexedFeature,
  type SortKey,
} from './feature-list';
import { ALL_PROJECTS, useFeatures, useToggleMetrics } from '../../api/queries';
import type { FeatureToggle } from '../../types';
import { PinButton } from '../common/PinButton';
import { useToggleMirror } from '../../offline/context';
import type { ToggleState } from '../../offline/toggle-state';
import { cellsOf, offeredColumns, useChosenColumns, type Cell, type ColumnEnvironment } from './environment-columns';
import { switchName, type Flip } from '../switches/flip';
import { useEnvironmentFlip } from '../switches/use-environment-flip';
import { ColumnsButton } from './ColumnsButton';
import { SelectAll, SelectBox, useSelection } from '../bulk/selection';
import './feature-list.css';

// What the first screen does not need loads apart: the desktop's environments chooser (Mantine's Popover and its
// floating layer) and the phone's filter sheet, once first opened.
const ColumnsMenu = lazy(() => import('./ColumnsMenu'));
const BulkActionBar = lazy(() => import('../bulk/BulkActionBar'));
const FilterSheet = lazy(() => import('./FilterSheet'));

/** Search debounce. */
export const SEARCH_DEBOUNCE_MS = 500;

const listRoute = getRouteApi('/main/features');

const WIDE = '(min-width: 700px)';
/** Row heights: two lines of text beside the switches; one column on a phone (at least 8 rows fit at 390x844). */
const ROW_HEIGHT = { wide: 76, narrow: 72 };

/** One toggle's switch in one environment column (a same-sized gap where its project lacks the environment). */
function EnvironmentCell({
  feature,
  project,
  column,
  cell,
  allowed,
  onFlip,
}: {
  feature: string;
  project: string;
  column: ColumnEnvironment;
  cell: Cell;
  allowed: boolean;
  onFlip(flip: Flip): void;
}) {
  const name = switchName(feature, column.name);
  if (cell === 'absent') return <span className="sy-env-cell" title={`${column.name} is not used by ${project}`} />;
  return (
    <span className="sy-env-cell">
      <RowSwitch
        allowed={allowed}
        checked={cell === true}
        disabled={cell === 'unknown'}
        label={cell === 'unknown' ? `${name} (not synced yet)` : name}
        onChange={(enabled) => onFlip({ project, feature, environment: column, enabled })}
      />
    </span>
  );
}

/** A badge drawn by CSS (Mantine's look, `--mantine-color-{color}-*`): a list row has several. */
function RowBadge({
  color,
  variant,
  label,
  hint,
}: {
  color: string;
  variant: 'light' | 'outline' | 'filled';
  label: string;
  /** Said before the label to screen readers, and shown with it on hover. */
  hint?: string;
}) {
  const shade = (name: string) => `var(--mantine-color-${color}-${name})`;
  const [background, text] = {
    light: [shade('light'), shade('light-color')],
    outline: ['transparent', shade('outline')],
    filled: [shade('filled'), 'var(--mantine-color-white)'],
  }[variant];
  const style = { '--sy-badge-bg': background, '--sy-badge-text': text } as CSSProperties;
  return (
    <span className="sy-badge" data-variant={variant} style={style} title={hint && `${hint} ${label}`}>
      {hint && <span className="sy-visually-hidden">{hint} </span>}
      {label}
    </span>
  );
}

interface FeatureRowProps {
  feature: FeatureToggle;
  /** The toggle's environments as the mirror holds them (with queued changes applied), once synced. */
  environments: ToggleState['environments'];
  columns: ColumnEnvironment[];
  /** Whether the session may turn the toggle on and off (UPDATE_FEATURE in its project). */
  allowed: boolean;
  onFlip(flip: Flip): void;
  /** Whether the row shows its checkbox (always on wide screens, in select mode on a phone), and its state. */
  selecting: boolean;
  selected: boolean;
  onSelect(name: string, selected: boolean): void;
}

/**
 * One row, drawn again only when what it shows changes (its toggle, its environments, the columns, the access):
 * plain elements and CSS rather than Mantine components, so the first screen of a long list draws fast.
 */
const FeatureRow = memo(
  function FeatureRow({
    feature,
    environments,
    columns,
    allowed,
    onFlip,
    selecting,
    selected,
    onSelect,
  }: FeatureRowProps) {
    const project = feature.project ?? DEFAULT_PROJECT;
    const seen = lastSeen(feature.lastSeenAt);
    const cells = cellsOf(feature.enabled, environments, columns);
    return (
      <div className="sy-feature-row" style={{ '--sy-columns': columns.length } as CSSProperties}>
        {selecting && <SelectBox name={feature.name} selected={selected} onSelect={onSelect} />}
        <div className="sy-env-cells">
          {columns.map((column, index) => (
            <EnvironmentCell
              key={column.name}
              feature={feature.name}
              project={project}
              column={column}
              cell={cells[index]}
              allowed={allowed}
              onFlip={onFlip}
            />
          ))}
        </div>
        <div className="sy-feature-main">
          <Link
            to="/projects/$projectId/features2/$featureId"
            params={{ projectId: project, featureId: feature.name }}
            className="sy-feature-link"
            title={feature.name}
          >
            {truncate(feature.name, NAME_MAX_LENGTH)}
          </Link>
          <p className="sy-row-description sy-ellipsis" title={feature.description ?? undefined}>
            {truncate(feature.description, DESCRIPTION_MAX_LENGTH)}
          </p>
        </div>
        <div className="sy-feature-meta">
          {seen && <RowBadge color={seen.color} variant="light" label={seen.text} hint="Last seen" />}
          {feature.type && <RowBadge color="gray" variant="outline" label={feature.type} />}
          {feature.stale && <RowBadge color="red" variant="filled" label="Stale" />}
          <RowBadge color="indigo" variant="light" label={project} />
        </div>
        <div className="sy-row-pin">
          <PinButton feature={feature} />
        </div>
      </div>
    );
  },
  (before, after) =>
    before.feature === after.feature &&
    before.environments === after.environments &&
    before.allowed === after.allowed &&
    before.onFlip === after.onFlip &&
    before.selecting === after.selecting &&
    before.selected === after.selected &&
    before.columns.map((column) => column.name).join() === after.columns.map((column) => column.name).join(),
);

/**
 * The list's rows, windowed. They read their environments from the mirror, so they, not the page around them, are
 * drawn again when it syncs or a change is queued: a change at once, a sync (which changes every row on screen) in
 * a transition that React works through in slices (useLastSynced).
 */
const ToggleRows = memo(function ToggleRows({
  items,
  columns,
  rowHeight,
  onFlip,
  selecting,
  selected,
  onSelect,
}: {
  items: IndexedFeature[];
  columns: ColumnEnvironment[];
  rowHeight: number;
  onFlip(flip: Flip): void;
  selecting: boolean;
  selected: ReadonlySet<string>;
  onSelect(name: string, selected: boolean): void;
}) {
  useLastSynced();
  usePendingChanges();
  const { stateOf } = useToggleMirror();
  const hasAccess = useHasAccess();
  return (
    <VirtualList
      items={items}
      rowHeight={rowHeight}
      label="Feature toggles"
      getKey={(item: IndexedFeature) => item.feature.name}
      renderRow={(item: IndexedFeature) => (
        <FeatureRow
          feature={item.feature}
          environments={stateOf(item.feature.name)?.environments}
          columns={columns}
          allowed={hasAccess('UPDATE_FEATURE', item.feature.project ?? DEFAULT_PROJECT)}
          onFlip={onFlip}
          selecting={selecting}
          selected={selected.has(item.feature.name)}
          onSelect={onSelect}
        />
      )}
    />
  );
});

/** Shows the pinned toggles only, or all (the URL keeps it: the 'Pinned toggles' app shortcut opens it). */
function PinnedOnly({ pinned, onChange }: { pinned: boolean; onChange(pinned: boolean): void }) {
  return (
    <Button
      variant={pinned ? 'light' : 'default'}
      aria-pressed={pinned}
      leftSection={pinned ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      onClick={() => onChange(!pinned)}
    >
      Pinned only
    </Button>
  );
}

/**
 * /features: search, sort, project filter (flag P), the environments whose switches show, archive link, create button,
 * and a windowed list of toggles, each with a switch per chosen environment (production first by default). On a
 * phone: search at the top, the rest in a filter sheet, one environment's switch per row.
 */
export default function FeatureListPage() {
  const features = useFeatures();
  const flags = useUiConfig().data?.flags ?? {};
  const projectsEnabled = flags.P === true;
  const projects = useProjects(projectsEnabled);
  const environmentsRead = useQuery(environmentsQuery);
  const environments = environmentsRead.data ?? [];
  const search = listRoute.useSearch();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortKey>('name');
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet is mounted once first opened: a closed one would still be part of the first screen's work.
  const [sheetUsed, setSheetUsed] = useState(false);
  const [chooserAsked, setChooserAsked] = useState(false);
  const metrics = useToggleMetrics(sort === 'metrics');
  const { flip, dialog } = useEnvironmentFlip();
  // The rows keep one function (so they are not drawn again for it); it calls the latest flip.
  const latestFlip = useRef(flip);
  latestFlip.current = flip;
  const onFlip = useCallback((target: Flip) => latestFlip.current(target), []);
  const navigate = useNavigate();
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });
  const { columns: chosen, setShown, setFirst } = useChosenColumns(environments);
  const columns = wide ? chosen : chosen.slice(0, 1);
  const searchBox = useRef<HTMLInputElement>(null);
  // Rows are selected for the action bar: by their checkboxes, always shown on wide screens, on a phone in select mode.
  const selection = useSelection();
  const [selectMode, setSelectMode] = useState(false);
  const selecting = wide || selectMode;

  useEffect(() => {
    if (search.focus === 'search') searchBox.current?.focus();
  }, [search.focus]);

  // The list is drawn as a transition, in slices, not in the one synchronous render of the page that react-query's
  // update makes (a thousand toggles indexed, sorted and their rows drawn in one task); and never in the page's first
  // render, even when it is already at hand (from the mirror, or a fast answer), so the heading is painted first.
  const list = useDeferredValue(features.data ?? null, null) ?? undefined;
  const indexed = useMemo(() => indexFeatures(list ?? []), [list]);
  const pinnedOnly = search.pinned === true;
  const project = search.project ?? ALL_PROJECTS;
  const filtered = useMemo(
    () => filterFeatures(indexed, query, projectsEnabled ? project : ALL_PROJECTS, pinnedOnly),
    [indexed, query, project, projectsEnabled, pinnedOnly],
  );
  // The filters the URL keeps (so a shortcut or a breadcrumb can open them) change it in place.
  const setSearch = (next: Partial<typeof search>) =>
    void navigate({ to: '/features', search: (prev) => ({ ...prev, ...next }), replace: true });
  const setPinnedOnly = (pinned: boolean) => setSearch({ pinned: pinned || undefined });
  const setProject = (id: string) => setSearch({ project: id === ALL_PROJECTS ? undefined : id });
  const sorted = useMemo(() => sortFeatures(filtered, sort, metrics.data), [filtered, sort, metrics.data]);

  const createProject = projectsEnabled && project !== ALL_PROJECTS ? project : DEFAULT_PROJECT;
  const toCreate = () => navigate({ to: '/projects/$projectId/create-toggle', params: { projectId: createProject } });
  const total = list?.length ?? 0;
  // The rows wait for the environments too, so their switch columns are drawn once, at their width.
  const loading = (list === undefined && !features.isError) || (total > 0 && environmentsRead.isPending);
  const filtersSet = Number(sort !== 'name') + Number(projectsEnabled && project !== ALL_PROJECTS) + Number(pinnedOnly);

  const sortSelect = (
    <NativeSelect
      label="Sort by"
      value={sort}
      data={SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(e) => setSort(e.currentTarget.value as SortKey)}
    />
  );
  const projectSelect = projectsEnabled && (
    <NativeSelect
      label="Project"
      value={project}
      data={[
        { value: ALL_PROJECTS, label: 'All projects' },
        ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name || p.id })),
      ]}
      onChange={(e) => setProject(e.currentTarget.value)}
    />
  );
  const archiveLink = (
    <RouteLink to="/archive" className="sy-touch-link sy-archive-link">
      <IconArchive size={18} aria-hidden style={{ marginRight: 6 }} />
      Archive
    </RouteLink>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
        {/* The count is beside the heading, not in it: the heading is the page's largest paint, done before the
            list has loaded, and text added to it later would count as a new largest paint. */}
        <Group gap={8} align="baseline" wrap="nowrap">
          <Title order={1} size="h2">
            Feature toggles
          </Title>
          {list && (
            <Text span c="dimmed" fz="h2" fw="var(--mantine-h2-font-weight)" lh="var(--mantine-h2-line-height)">
              ({total})
            </Text>
          )}
        </Group>
        {wide ? (
          <PermissionButton
            permission="CREATE_FEATURE"
            project={createProject}
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={toCreate}
          >
            Create feature toggle
          </PermissionButton>
        ) : (
          <PermissionButton
            permission="CREATE_FEATURE"
            project={createProject}
            aria-label="Create feature toggle"
            onClick={toCreate}
            className="sy-icon-button"
          >
            <IconPlus size={20} aria-hidden />
          </PermissionButton>
        )}
      </Group>
      <Paper withBorder radius="md" p="sm">
        <div className="sy-list-toolbar">
          <TextInput
            ref={searchBox}
            className="sy-search"
            type="search"
            label="Search"
            // On a phone the box speaks for itself (and the rows get the room): its label is for screen readers.
            labelProps={wide ? undefined : { className: 'sy-visually-hidden' }}
            placeholder="Search by name or description"
            leftSection={<IconSearch size={18} aria-hidden />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          {wide ? (
            <>
              {sortSelect}
              {projectSelect}
              <PinnedOnly pinned={pinnedOnly} onChange={setPinnedOnly} />
              {/* A click before the chooser's code has come opens it once it has. */}
              <Suspense fallback={<ColumnsButton onClick={() => setChooserAsked(true)} />}>
                <ColumnsMenu
                  offered={offeredColumns(environments)}
                  shown={chosen}
                  setShown={setShown}
                  defaultOpened={chooserAsked}
                />
              </Suspense>
              {archiveLink}
            </>
          ) : (
            <Button
              variant="default"
              className="sy-filter-button"
              leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
              onClick={() => {
                setSheetUsed(true);
                setSheetOpen(true);
              }}
              aria-label={filtersSet ? `Filters (${filtersSet} set)` : 'Filters'}
            >
              Filters{filtersSet > 0 && ` (${filtersSet})`}
            </Button>
          )}
          {!wide && (
            <Button
              variant={selectMode ? 'light' : 'default'}
              aria-pressed={selectMode}
              className="sy-filter-button"
              onClick={() => {
                if (selectMode) selection.clear();
                setSelectMode(!selectMode);
              }}
            >
              {selectMode ? 'Done' : 'Select'}
            </Button>
          )}
        </div>
      </Paper>
      {!wide && sheetUsed && (
        <Suspense>
          <FilterSheet opened={sheetOpen} onClose={() => setSheetOpen(false)}>
            {sortSelect}
            {projectSelect}
            <NativeSelect
              label="Switch shows"
              value={columns[0]?.name ?? ''}
              data={offeredColumns(environments).map((env) => env.name)}
              onChange={(e) => setFirst(e.currentTarget.value)}
            />
            <PinnedOnly pinned={pinnedOnly} onChange={setPinnedOnly} />
            {archiveLink}
          </FilterSheet>
        </Suspense>
      )}
      {loading && (
        // The list's place, kept while it loads (a screen's height), so nothing below jumps.
        <Paper withBorder radius="md" h="100dvh" pt="xl" ta="center">
          <Loader aria-label="Loading feature toggles" />
        </Paper>
      )}
      {features.isError && (
        <Text c="red.8" role="alert">
          {features.error.message}
        </Text>
      )}
      {list?.length === 0 && (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Stack align="center" gap="sm">
            <Text fw={600}>No feature toggles added yet.</Text>
            <PermissionButton permission="CREATE_FEATURE" project={createProject} variant="light" onClick={toCreate}>
              Add your first toggle
            </PermissionButton>
          </Stack>
        </Paper>
      )}
      {total > 0 && !loading && (
        <>
          {wide && selection.selected.size > 0 && (
            <Suspense>
              <BulkActionBar
                groups={selection.byProject(list ?? [])}
                environments={environments}
                onClear={selection.clear}
                phone={false}
              />
            </Suspense>
          )}
          <Paper withBorder radius="md" className="sy-feature-list" data-selecting={selecting || undefined}>
            {/* The environment columns' names above their switches, and the count of what the list shows. */}
            <div className="sy-column-heads" style={{ '--sy-columns': columns.length } as CSSProperties}>
              {selecting && (
                <SelectAll names={sorted.map((item) => item.feature.name)} total={total} selection={selection} />
              )}
              <div className="sy-env-cells" aria-hidden>
                {columns.map((column) => (
                  <span key={column.name} className="sy-column-head" title={column.name}>
                    {column.name}
                  </span>
                ))}
              </div>
              <Text size="sm" c="dimmed" role="status" className="sy-list-status sy-ellipsis">
                {sorted.length === total ? `${total} feature toggles` : `${sorted.length} of ${total} feature toggles`}
                {pinnedOnly && ' (pinned only)'}
              </Text>
            </div>
            <ToggleRows
              items={sorted}
              columns={columns}
              rowHeight={wide ? ROW_HEIGHT.wide : ROW_HEIGHT.narrow}
              onFlip={onFlip}
              selecting={selecting}
              selected={selection.selected}
              onSelect={selection.select}
            />
          </Paper>
          {!wide && selection.selected.size > 0 && (
            <Suspense>
              <BulkActionBar
                groups={selection.byProject(list ?? [])}
                environments={environments}
                onClear={selection.clear}
                phone
              />
            </Suspense>
          )}
        </>
      )}
      {dialog}
    </Stack>
  );
}
