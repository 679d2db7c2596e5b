import { Button, Group, Menu, NativeSelect, Paper, Portal, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { NO_ACCESS_MESSAGE, useHasAccess } from '../../../auth/permissions';
import { bypassText } from '../../../change-requests/messages';
import { useChangeRoute } from '../../../change-requests/use-change-route';
import { useOfflineEngine } from '../../../offline/context';
import { useTagTypes } from '../../../tags/api/queries';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Dialog } from '../../../shared/ui/Dialog';
import { bulkRecord, type BulkAction, type BulkChange } from '../../offline/bulk';
import { bulkConfirmLabel, bulkDetail, bulkQuestion, type BulkEnvironment } from './bulk-texts';
import './bulk.css';

interface Props {
  /** The selected toggles' names, by project (a bulk change is one project's). */
  groups: Map<string, string[]>;
  environments: BulkEnvironment[];
  onClear(): void;
  /** On a phone: one 'Actions' menu in a bar at the bottom of the screen. */
  phone: boolean;
}

interface Item {
  label: string;
  action: BulkAction;
}

/** The actions, grouped as the wide bar's menus show them. */
function menus(environments: BulkEnvironment[]): { label: string; items: Item[] }[] {
  const flips = (enabled: boolean) =>
    environments.map((env) => ({
      label: `${enabled ? 'Turn on' : 'Turn off'} in ${env.name}`,
      action: { action: 'environment' as const, environment: env.name, enabled },
    }));
  return [
    { label: 'Turn on', items: flips(true) },
    { label: 'Turn off', items: flips(false) },
    {
      label: 'Stale',
      items: [
        { label: 'Mark stale', action: { action: 'stale', stale: true } },
        { label: 'Mark not stale', action: { action: 'stale', stale: false } },
      ],
    },
    {
      label: 'Tags',
      items: [
        // The tag itself is chosen in the confirmation.
        { label: 'Add a tag…', action: { action: 'tags', addedTags: [{ type: '', value: '' }], removedTags: [] } },
        { label: 'Remove a tag…', action: { action: 'tags', addedTags: [], removedTags: [{ type: '', value: '' }] } },
      ],
    },
    { label: 'Archive', items: [{ label: 'Archive', action: { action: 'archive' } }] },
  ];
}

/** The tag a tags action adds or removes, chosen in its confirmation. */
function TagFields({
  tag,
  onChange,
}: {
  tag: { type: string; value: string };
  onChange(tag: { type: string; value: string }): void;
}) {
  const types = useTagTypes().data ?? [];
  return (
    <>
      <NativeSelect
        label="Tag type"
        value={tag.type}
        data={[{ value: '', label: 'Choose a tag type' }, ...types.map((t) => ({ value: t.name, label: t.name }))]}
        onChange={(e) => onChange({ ...tag, type: e.currentTarget.value })}
      />
      <TextInput label="Value" value={tag.value} onChange={(e) => onChange({ ...tag, value: e.currentTarget.value })} />
    </>
  );
}

/**
 * The action bar of the selected toggles: on or off per environment, stale or not, a tag added or removed, archive.
 * Each action is confirmed with the count (and a production environment named), then queued as one change per
 * project (sent once; offline, when the server can be reached). An environment that takes changes through change
 * requests refuses the action with the reason, unless the person may bypass them (then the confirmation says so).
 */
export default function BulkActionBar({ groups, environments, onClear, phone }: Props) {
  const offline = useOfflineEngine();
  const hasAccess = useHasAccess();
  const changeRoute = useChangeRoute();
  const [asked, setAsked] = useState<{ action: BulkAction; bypass: string[]; refused?: string }>();
  const [tag, setTag] = useState({ type: '', value: '' });
  const [running, setRunning] = useState(false);
  const projects = [...groups.keys()];
  const count = [...groups.values()].reduce((n, names) => n + names.length, 0);
  const allowed = (action: BulkAction) =>
    projects.every((p) => hasAccess(action.action === 'archive' ? 'DELETE_FEATURE' : 'UPDATE_FEATURE', p));

  async function ask(action: BulkAction) {
    setTag({ type: '', value: '' });
    if (action.action !== 'environment') return setAsked({ action, bypass: [] });
    const routes = await Promise.all(projects.map((p) => changeRoute(p, action.environment)));
    const requested = projects.filter((_, i) => routes[i] === 'request');
    const refused =
      requested.length > 0
        ? `${action.environment} takes changes through change requests in ${requested.join(', ')}: turn the toggles ` +
          'on or off there one at a time, each added to your change request.'
        : undefined;
    setAsked({ action, bypass: routes.includes('bypass') ? [action.environment] : [], refused });
  }

  /** The action as it is sent: a tags action with the chosen tag. */
  const resolved = (action: BulkAction): BulkAction =>
    action.action === 'tags'
      ? action.removedTags.length > 0
        ? { action: 'tags', addedTags: [], removedTags: [tag] }
        : { action: 'tags', addedTags: [tag], removedTags: [] }
      : action;

  async function run(action: BulkAction) {
    setRunning(true);
    try {
      for (const [project, features] of groups)
        await offline.queueChange<BulkChange>(
          bulkRecord(project, features.length),
          { kind: 'toggles-bulk', features, ...action },
          project,
        );
      setAsked(undefined);
      onClear();
    } finally {
      setRunning(false);
    }
  }

  const groupsOf = menus(environments);
  const item = ({ label, action }: Item) => (
    <Menu.Item
      key={label}
      disabled={!allowed(action)}
      title={allowed(action) ? undefined : NO_ACCESS_MESSAGE}
      onClick={() => void ask(action)}
      className="sy-bulk-item"
    >
      {label}
    </Menu.Item>
  );
  const clear = (
    <Button variant="subtle" leftSection={<IconX size={18} aria-hidden />} onClick={onClear} className="sy-bulk-button">
      Clear
    </Button>
  );
  const selectedText = (
    <Text fw={600} role="status" className="sy-bulk-count">
      {count} selected
    </Text>
  );

  const dialog = asked && renderDialog();
  function renderDialog() {
    const { action, bypass, refused } = asked!;
    const environment =
      action.action === 'environment' ? environments.find((e) => e.name === action.environment) : undefined;
    const close = () => setAsked(undefined);
    if (refused)
      return (
        <Dialog title={bulkQuestion(action, count)} onClose={close}>
          <Stack gap="md">
            <Text>{refused}</Text>
            <Group justify="flex-end">
              <Button onClick={close}>Close</Button>
            </Group>
          </Stack>
        </Dialog>
      );
    const detail = [bypass.length > 0 && bypassText(bypass[0]), bulkDetail(action, environment, projects)]
      .filter(Boolean)
      .join(' ');
    if (action.action === 'tags') {
      const chosen = resolved(action);
      return (
        <Dialog title={bulkQuestion(action, count)} onClose={close}>
          <Stack gap="md">
            <TagFields tag={tag} onChange={setTag} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button loading={running} disabled={!tag.type || !tag.value.trim()} onClick={() => void run(chosen)}>
                {bulkConfirmLabel(action)}
              </Button>
            </Group>
          </Stack>
        </Dialog>
      );
    }
    return (
      <ConfirmDialog
        title={bulkQuestion(action, count)}
        confirmLabel={bulkConfirmLabel(action)}
        danger={action.action === 'archive' || environment?.type === 'production'}
        loading={running}
        onConfirm={() => void run(action)}
        onClose={close}
      >
        {detail || undefined}
      </ConfirmDialog>
    );
  }

  // On a phone the bar sits on top of the page, the footer included (the page's content is a layer of its own).
  if (phone)
    return (
      <>
        <Portal>
          <Paper
            className="sy-bulk-bar sy-bulk-bar-phone"
            shadow="md"
            withBorder
            role="region"
            aria-label="Selected toggles"
          >
            {selectedText}
            <Menu position="top-end" withinPortal>
              <Menu.Target>
                <Button rightSection={<IconChevronDown size={18} aria-hidden />} className="sy-bulk-button">
                  Actions
                </Button>
              </Menu.Target>
              <Menu.Dropdown className="sy-bulk-menu">
                {groupsOf.map((group) => [
                  <Menu.Label key={`label-${group.label}`}>{group.label}</Menu.Label>,
                  ...group.items.map(item),
                ])}
              </Menu.Dropdown>
            </Menu>
            {clear}
          </Paper>
        </Portal>
        {dialog}
      </>
    );
  return (
    <>
      <Paper className="sy-bulk-bar" withBorder role="region" aria-label="Selected toggles">
        {selectedText}
        {groupsOf.map((group) =>
          group.items.length === 1 ? (
            <Button
              key={group.label}
              variant="default"
              color={group.label === 'Archive' ? 'red' : undefined}
              disabled={!allowed(group.items[0].action)}
              onClick={() => void ask(group.items[0].action)}
              className="sy-bulk-button"
            >
              {group.label}
            </Button>
          ) : (
            <Menu key={group.label} position="bottom-start">
              <Menu.Target>
                <Button
                  variant="default"
                  rightSection={<IconChevronDown size={16} aria-hidden />}
                  className="sy-bulk-button"
                >
                  {group.label}
                </Button>
              </Menu.Target>
              <Menu.Dropdown className="sy-bulk-menu">{group.items.map(item)}</Menu.Dropdown>
            </Menu>
          ),
        )}
        {clear}
      </Paper>
      {dialog}
    </>
  );
}
