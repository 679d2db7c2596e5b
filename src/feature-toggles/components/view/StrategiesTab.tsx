import '@mantine/core/styles/Accordion.css';
import { Accordion, Badge, Divider, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  pointerWithin,
  rectIntersection,
  useDroppable,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Fragment, useState, type ReactNode } from 'react';
import { PermissionButton, usePermission } from '../../../auth/PermissionControls';
import type { RequestedChange } from '../../../change-requests/api/use-request-change';
import { showToast } from '../../../shared/messages/toast';
import { RefreshNotice } from '../../../offline/RefreshNotice';
import {
  strategyDefinition,
  strategyDisplayName,
  strategyTitle,
  type StrategyDefinition,
} from '../../../strategies/definitions';
import { useSortSensors } from '../../../shared/ui/SortableList';
import { sortableStrategyId, type StrategyInstance } from '../../../strategies/strategy-instance';
import { useStrategyReferenceData } from '../../../strategies/api/queries';
import { projectFeatureQuery } from '../../api/queries';
import { useToggleMirror } from '../../offline/context';
import type { ProjectFeature } from '../../types';
import { useSegments } from '../../../segments/api/queries';
import { useStrategyActions } from '../../api/use-strategy-actions';
import { useLocalConfiguration } from './local-configuration';
import { NewStrategyForm } from './NewStrategyForm';
import { useEnvironmentChange } from '../switches/use-environment-change';
import { CopyStrategies } from '../compare/CopyStrategies';
import { StrategyItem, type StrategyDrag } from './StrategyItem';
import type { TargetedStrategy } from './strategy-extras';
import { PRODUCTION_TYPE } from '../common/constants';
import { StrategySidebar, type DefinitionDrag } from './StrategySidebar';
import type { FeatureViewSearch } from './view-search';

/** The Strategies tab polls the feature every 5 seconds. */
const STRATEGIES_POLL_MS = 5000;

type Environment = ProjectFeature['environments'][number];
type Drag = DefinitionDrag | StrategyDrag;

const dragOf = (data: { current?: unknown }) => data.current as Drag | undefined;

/** A sidebar card counts as dropped on the list when the pointer (or, by keyboard, the card) is over it. */
const collisions: CollisionDetection = (args) => {
  if (dragOf(args.active.data)?.kind !== 'definition') return closestCenter(args);
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/** The environment's list, which also takes sidebar cards. */
function DropList({ environment, children }: { environment: string; children: ReactNode }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: `drop:${environment}` });
  const taking = active && dragOf(active.data)?.kind === 'definition';
  return (
    <div
      ref={setNodeRef}
      className="sy-strategy-drop"
      data-taking={taking || undefined}
      data-over={(taking && isOver) || undefined}
    >
      {children}
    </div>
  );
}

const tabRoute = getRouteApi('/main/projects/$projectId/features2/$featureId/$activeTab');

/**
 * Strategies: a tab per environment (query parameter environment), the sidebar of strategy cards (addStrategy=true),
 * the environment's strategies as accordions joined by 'OR' (drag or keyboard to reorder), a configure form for a new
 * one, and the refresh notice when the polled server copy differs from this tab's copy.
 */
export function StrategiesTab({ feature }: { feature: ProjectFeature }) {
  const project = feature.project;
  const search = tabRoute.useSearch();
  const navigate = useNavigate();
  const polled = useQuery({
    ...projectFeatureQuery(useToggleMirror(), project, feature.name),
    meta: { inlineErrors: true },
    retry: false,
    refetchInterval: STRATEGIES_POLL_MS,
  });
  const config = useLocalConfiguration((polled.data ?? feature).environments, polled.isFetchedAfterMount);
  const environments = config.local;
  const environment: Environment | undefined =
    environments.find((e) => e.name === search.environment) ?? environments[0];
  const { definitions, contextFields, constraintsEnabled } = useStrategyReferenceData();
  const segments = useSegments().data;
  const actions = useStrategyActions();
  const canAdd = usePermission('CREATE_FEATURE', project);
  const canEdit = usePermission('UPDATE_FEATURE', project);
  const [adding, setAdding] = useState<StrategyDefinition>();
  const [dragged, setDragged] = useState<StrategyDefinition>();
  /** The sidebar was opened by the user here (its button, or Cancel of the configure form), not by the address. */
  const [userOpened, setUserOpened] = useState(false);
  const gated = useEnvironmentChange();
  const sensors = useSortSensors();

  if (!environment) return <Text c="dimmed">No environments available.</Text>;
  const env = environment.name;
  const strategies = environment.strategies;
  const ids = strategies.map(sortableStrategyId);
  const sidebarOpen = search.addStrategy === true && canAdd && !adding;

  const setSearch = (next: FeatureViewSearch) =>
    void navigate({
      to: '/projects/$projectId/features2/$featureId/$activeTab',
      params: { projectId: project, featureId: feature.name, activeTab: 'strategies' },
      search: next,
      replace: true,
    });

  /**
   * A queued write: it resolves once queued (the queue says 'Strategy successfully …' when the server has it), and
   * this tab's copy takes the change. A failure to queue shows as a toast. Resolves to whether it was queued.
   */
  const run = async <T,>(write: () => Promise<T>, apply: (result: T) => void) => {
    try {
      apply(await write());
      return true;
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), 'error');
      return false;
    }
  };
  const target = { project, feature: feature.name, environment: env };
  const change = (update: (list: StrategyInstance[]) => StrategyInstance[]) => config.changeStrategies(env, update);

  /**
   * A strategy edit, as the environment takes it (see useEnvironmentChange): requested, or made: adding and saving
   * after the production confirmation, removing (confirmed by its own dialog) and reordering at once.
   */
  const makeOr = async (
    change: RequestedChange['change'],
    what: string,
    label: string,
    make: () => Promise<void>,
    confirmInProduction = true,
  ) => {
    await gated.change({ project, environment, change, what, label, make, confirmInProduction });
  };
  const titled = (strategy: StrategyInstance) => `the ${strategyTitle(strategy, definitions)} strategy`;

  const add = ({ id: _id, ...strategy }: TargetedStrategy) =>
    makeOr(
      { feature: feature.name, action: 'addStrategy', payload: strategy },
      `adding ${titled(strategy)} to ${feature.name}`,
      'Add strategy',
      async () => {
        if (
          !(await run(
            () => actions.add({ ...target, strategy }),
            (added) => change((list) => [...list, added]),
          ))
        )
          return;
        setAdding(undefined);
        setSearch({ environment: env });
      },
    );

  const update = (strategy: TargetedStrategy) =>
    makeOr(
      { feature: feature.name, action: 'updateStrategy', payload: { ...strategy, id: strategy.id! } },
      `changing ${titled(strategy)} of ${feature.name}`,
      'Save changes',
      async () => {
        await run(
          () => actions.update({ ...target, strategy }),
          () => change((list) => list.map((s) => (s.id === strategy.id ? { ...s, ...strategy } : s))),
        );
      },
    );

  const remove = async (id: string) => {
    const removed = strategies.find((s) => s.id === id);
    await makeOr(
      { feature: feature.name, action: 'deleteStrategy', payload: { id } },
      `removing ${removed ? titled(removed) : 'a strategy'} of ${feature.name}`,
      'Remove strategy',
      async () => {
        await run(
          () => actions.remove({ ...target, strategyId: id }),
          () => change((list) => list.filter((s) => s.id !== id)),
        );
      },
      false,
    );
  };

  const reorder = (from: number, to: number) => {
    const moved = arrayMove(strategies, from, to);
    const order = moved.map((s, sortOrder) => ({ id: sortableStrategyId(s, sortOrder), sortOrder }));
    void makeOr(
      { feature: feature.name, action: 'reorderStrategy', payload: order },
      `reordering the strategies of ${feature.name}`,
      'Save order',
      async () => {
        change(() => moved);
        await run(
          () => actions.reorder({ ...target, ids: moved.map(sortableStrategyId) }),
          () => undefined,
        );
      },
      false,
    );
  };

  const titleOf = (id: string | number, drag: Drag | undefined) => {
    if (drag?.kind === 'definition') return strategyDisplayName(drag.definition.name, drag.definition);
    const strategy = strategies[ids.indexOf(String(id))];
    return strategy ? strategyTitle(strategy, definitions) : 'the list';
  };
  const overTitle = (id: string | number, drag: Drag | undefined) =>
    String(id).startsWith('drop:') ? `the strategies of ${env}` : titleOf(id, drag);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id, dragOf(active.data))}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id, dragOf(active.data))} is over ${overTitle(over.id, dragOf(over.data))}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id, dragOf(active.data))} was dropped on ${overTitle(over.id, dragOf(over.data))}.`
        : 'Dropped outside the list.',
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id, dragOf(active.data))} was cancelled.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const drag = dragOf(active.data);
    setDragged(drag?.kind === 'definition' ? drag.definition : undefined);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(undefined);
    const drag = dragOf(active.data);
    if (!over || !drag) return;
    if (drag.kind === 'definition') {
      setAdding(drag.definition);
      return;
    }
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0 && from !== to) reorder(from, to);
  };

  return (
    <Stack gap="md">
      <RefreshNotice open={config.noticeOpen} onRefresh={config.refresh} onDisregard={config.disregard} />
      <Tabs
        value={env}
        keepMounted={false}
        onChange={(value) => {
          if (!value || value === env) return;
          setAdding(undefined);
          setSearch({ environment: value, addStrategy: search.addStrategy });
        }}
      >
        <Tabs.List aria-label="Environments" className="sy-scroll-tabs">
          {environments.map((e) => (
            <Tabs.Tab
              key={e.name}
              value={e.name}
              rightSection={
                e.type === PRODUCTION_TYPE ? (
                  <Badge size="xs" variant="light" color="red">
                    {PRODUCTION_TYPE}
                  </Badge>
                ) : undefined
              }
            >
              {e.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={env} pt="md">
          <DndContext
            sensors={sensors}
            collisionDetection={collisions}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDragged(undefined)}
            accessibility={{ announcements }}
          >
            <div className="sy-strategies-layout" data-sidebar={sidebarOpen || undefined}>
              {sidebarOpen && (
                <StrategySidebar
                  definitions={definitions}
                  environment={env}
                  focusOnOpen={userOpened}
                  onAdd={setAdding}
                  onClose={() => setSearch({ environment: env })}
                />
              )}
              <section aria-labelledby="environment-strategies-title" className="sy-strategies-main">
                <Group justify="space-between" gap="sm" mb="sm">
                  <Title order={2} size="h4" id="environment-strategies-title" style={{ overflowWrap: 'anywhere' }}>
                    Strategies in {env}
                  </Title>
                  {!sidebarOpen && !adding && (
                    <Group gap="sm">
                      <CopyStrategies feature={feature} environment={environment} />
                      <PermissionButton
                        permission="CREATE_FEATURE"
                        project={project}
                        leftSection={<IconPlus size={16} aria-hidden />}
                        onClick={() => {
                          setUserOpened(true);
                          setSearch({ environment: env, addStrategy: true });
                        }}
                      >
                        Add new strategy
                      </PermissionButton>
                    </Group>
                  )}
                </Group>
                <DropList environment={env}>
                  {strategies.length === 0 ? (
                    <Paper withBorder radius="md" p="lg" className="sy-strategy-empty">
                      <Text c="dimmed" ta="center">
                        No strategies in {env} yet.
                        {sidebarOpen ? ' Drag a strategy here, or use its add button.' : ''}
                      </Text>
                    </Paper>
                  ) : (
                    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                      <Accordion multiple variant="separated" radius="md" chevronSize={20}>
                        {strategies.map((strategy, index) => (
                          <Fragment key={`${config.generation}:${ids[index]}`}>
                            {index > 0 && <Divider label="OR" labelPosition="center" my={4} className="sy-or" />}
                            <StrategyItem
                              id={ids[index]}
                              strategy={strategy}
                              project={project}
                              segments={segments}
                              {...strategyDefinition(definitions, strategy.name)}
                              contextFields={contextFields}
                              constraintsEnabled={constraintsEnabled}
                              editable={canEdit}
                              onSave={update}
                              onDelete={() => remove(ids[index])}
                            />
                          </Fragment>
                        ))}
                      </Accordion>
                    </SortableContext>
                  )}
                </DropList>
                {adding && (
                  <NewStrategyForm
                    key={`${env}:${adding.name}`}
                    definition={adding}
                    project={project}
                    segments={segments}
                    featureName={feature.name}
                    environment={env}
                    contextFields={contextFields}
                    constraintsEnabled={constraintsEnabled}
                    onSave={add}
                    onCancel={() => {
                      setUserOpened(true);
                      setAdding(undefined);
                    }}
                  />
                )}
              </section>
            </div>
            <DragOverlay>
              {dragged && (
                <Paper withBorder shadow="md" radius="md" p="sm" className="sy-drag-preview">
                  <Text fw={600} c="indigo.8">
                    {strategyDisplayName(dragged.name, dragged)}
                  </Text>
                </Paper>
              )}
            </DragOverlay>
          </DndContext>
        </Tabs.Panel>
      </Tabs>
      {gated.dialog}
    </Stack>
  );
}
