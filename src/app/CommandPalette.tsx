// The palette's styles load with it, so the first screen does not pay for them.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/spotlight/styles.css';
import './CommandPalette.css';
import { Button, Group, Text } from '@mantine/core';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useIsAdmin } from '../auth/user';
import { useFeatures } from '../feature-toggles/api/queries';
import { indexFeatures } from '../feature-toggles/components/list/feature-list';
import type { Project } from '../projects/rules';
import { useProjects } from '../projects/api/queries';
import { useUiConfig } from '../ui-config/api/queries';
import { paletteResults, paletteScreens, type PaletteGroup, type PaletteTarget } from './command-palette';

const [store, palette] = createSpotlight();
const GROUPS: PaletteGroup[] = ['Screens', 'Projects', 'Feature toggles'];
const PALETTE_LABEL = 'Search toggles, projects and screens';
const LIST_ID = 'sy-palette-results';
const optionId = (index: number) => `sy-palette-result-${index}`;

/**
 * The command palette: finds toggles (from the features query, which the offline mirror serves offline), projects
 * and the menus' screens. Opened and closed by its launcher in the header (Ctrl/Cmd+K, or the search button).
 */
export default function CommandPalette({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const navigate = useNavigate();
  // The result the arrow keys have chosen (the spotlight's own state), announced through aria-activedescendant.
  const { selected } = useSpotlight(store);
  const isAdmin = useIsAdmin();
  const flags = useUiConfig().data?.flags;
  const features = useFeatures().data;
  const projects = useProjects().data;
  const [query, setQuery] = useState('');
  /** The project the palette is narrowed to, once one was chosen. */
  const [inProject, setInProject] = useState<Project>();
  const toggles = useMemo(() => indexFeatures(features ?? []), [features]);
  const screens = useMemo(() => paletteScreens({ isAdmin, flags: flags ?? {} }), [isAdmin, flags]);
  const results = useMemo(
    () => paletteResults(query, { toggles, projects: projects ?? [], screens }, inProject?.id),
    [query, toggles, projects, screens, inProject],
  );

  useEffect(() => {
    if (opened) palette.open();
    else palette.close();
  }, [opened]);

  const go = (target: PaletteTarget) => {
    switch (target.kind) {
      case 'toggle':
        return navigate({
          to: '/projects/$projectId/features2/$featureId',
          params: { projectId: target.project, featureId: target.name },
        });
      case 'project':
        setInProject(projects?.find((project) => project.id === target.project));
        setQuery('');
        return;
      case 'screen':
        return navigate({ to: target.path });
    }
  };

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={() => {
        setInProject(undefined);
        onClose();
      }}
      scrollable
      maxHeight="min(480px, calc(100dvh - 200px))"
      attributes={{ content: { 'aria-label': PALETTE_LABEL } }}
      className="sy-palette"
    >
      <Spotlight.Search
        aria-label={PALETTE_LABEL}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={results.length > 0}
        aria-controls={LIST_ID}
        aria-activedescendant={selected >= 0 && selected < results.length ? optionId(selected) : undefined}
        placeholder="Search toggles, projects and screens…"
        leftSection={<IconSearch size={20} aria-hidden />}
      />
      {inProject && (
        <Group className="sy-palette-scope" gap="xs" wrap="nowrap">
          <Text size="sm" className="sy-ellipsis">
            Feature toggles in project <strong>{inProject.name || inProject.id}</strong>
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => setInProject(undefined)}>
            All projects
          </Button>
        </Group>
      )}
      <Spotlight.ActionsList id={LIST_ID} role="listbox" aria-label="Results">
        {GROUPS.map((group) => {
          const inGroup = results.flatMap((result, index) => (result.group === group ? [{ result, index }] : []));
          return inGroup.length === 0 ? null : (
            <Spotlight.ActionsGroup key={group} label={group} role="group" aria-label={group}>
              {inGroup.map(({ result, index }) => (
                <Spotlight.Action
                  key={result.id}
                  // The spotlight keeps an action's id prop to itself: the option's id is set on its element.
                  ref={(element: HTMLButtonElement | null) => element?.setAttribute('id', optionId(index))}
                  role="option"
                  aria-selected={index === selected}
                  label={result.label}
                  description={result.description}
                  closeSpotlightOnTrigger={result.target.kind !== 'project'}
                  onClick={() => void go(result.target)}
                />
              ))}
            </Spotlight.ActionsGroup>
          );
        })}
      </Spotlight.ActionsList>
      {results.length === 0 && <Spotlight.Empty>Nothing found</Spotlight.Empty>}
    </Spotlight.Root>
  );
}
