import { Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Gated, PermissionButton, usePermission } from '../../auth/PermissionControls';
import { DeleteButton, EditButton } from '../../auth/ListButtons';
import { NO_ACCESS_MESSAGE, OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { useOnline } from '../../shared/api/connectivity';
import { showToast } from '../../shared/messages/toast';
import { RouteLink } from '../../shared/ui/RouteLink';
import { useAddons, type Addon, type AddonProvider } from '../api/queries';
import { useDeleteAddon } from '../api/use-delete-addon';
import { useUpdateAddon } from '../api/use-update-addon';
import {
  ADDON_DELETED,
  ADDON_DISABLED,
  addonEnabled,
  ADDONS_TITLE,
  AVAILABLE_ADDONS,
  CONFIGURED_ADDONS,
  NO_ADDONS,
  reallyDeleteAddon,
} from '../messages';
import { addonBody, addonValues } from '../rules';
import '../../shared/ui/list.css';
import '../addons.css';

const showFailure = (error: unknown) => showToast(error instanceof Error ? error.message : String(error), 'error');

/** The addon's on/off switch: a write that cannot wait, so disabled offline (saying why) as without UPDATE_ADDON. */
function EnabledSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  const permitted = usePermission('UPDATE_ADDON');
  const online = useOnline();
  const allowed = permitted && online;
  return (
    <Gated allowed={allowed} message={permitted ? OFFLINE_SAVE_MESSAGE : NO_ACCESS_MESSAGE}>
      {(gate) => (
        <Switch
          {...gate}
          size="md"
          classNames={{ body: 'sy-addon-switch' }}
          aria-label={label}
          checked={checked}
          onChange={(event) => allowed && onChange(event.currentTarget.checked)}
        />
      )}
    </Gated>
  );
}

/** One configured addon: its provider (and '(Disabled)'), description, events; the switch, Edit and Delete. */
function ConfiguredAddon({ addon, provider }: { addon: Addon; provider?: AddonProvider }) {
  const navigate = useNavigate();
  const update = useUpdateAddon();
  const remove = useDeleteAddon();
  const name = provider?.displayName ?? addon.provider;
  const edit = () => void navigate({ to: '/addons/edit/$id', params: { id: String(addon.id) } });

  const setEnabled = (enabled: boolean) => {
    if (!provider) return;
    const body = addonBody(provider, { ...addonValues(provider, addon), enabled });
    update.mutate(
      { id: addon.id, body },
      { onSuccess: () => showToast(addonEnabled(enabled), 'success'), onError: showFailure },
    );
  };
  const onDelete = () => {
    if (!window.confirm(reallyDeleteAddon(name))) return;
    remove.mutate(addon.id, { onSuccess: () => showToast(ADDON_DELETED, 'success') });
  };

  return (
    <li className="sy-list-row">
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="wrap">
          <RouteLink
            to="/addons/edit/$id"
            params={{ id: String(addon.id) }}
            fw={600}
            className="sy-touch-link"
            style={{ overflowWrap: 'anywhere' }}
          >
            {name}
          </RouteLink>
          {!addon.enabled && <Text c="dimmed">{ADDON_DISABLED}</Text>}
        </Group>
        {addon.description && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {addon.description}
          </Text>
        )}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {addon.events.join(', ')}
        </Text>
      </Stack>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <EnabledSwitch label={`${name} enabled`} checked={addon.enabled} onChange={setEnabled} />
        <EditButton item={name} permission="UPDATE_ADDON" onClick={edit} />
        <DeleteButton item={name} permission="DELETE_ADDON" onlineOnly loading={remove.isPending} onClick={onDelete} />
      </Group>
    </li>
  );
}

/** One provider one may configure, with its create link. */
function AvailableAddon({ provider }: { provider: AddonProvider }) {
  const navigate = useNavigate();
  return (
    <li className="sy-list-row">
      <Stack gap={2} miw={0}>
        <Text fw={600}>{provider.displayName}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {provider.description}
        </Text>
      </Stack>
      <Group justify="flex-end">
        <PermissionButton
          permission="CREATE_ADDON"
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          aria-label={`Configure ${provider.displayName}`}
          onClick={() => void navigate({ to: '/addons/create/$provider', params: { provider: provider.name } })}
        >
          Configure
        </PermissionButton>
      </Group>
    </li>
  );
}

/** /addons: the configured addons (kept offline) and the available providers. */
export default function AddonsPage() {
  const addons = useAddons();
  if (!addons.data) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {ADDONS_TITLE}
        </Title>
        <Paper withBorder radius="md" p="md">
          {addons.isError ? (
            <Stack gap="sm" align="flex-start">
              <Text c="red.8" role="alert">
                {addons.error.message}
              </Text>
              <Button variant="light" onClick={() => void addons.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : (
            <Loader aria-label="Loading addons" />
          )}
        </Paper>
      </Stack>
    );
  }
  const { addons: configured, providers } = addons.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {ADDONS_TITLE}
      </Title>
      <Paper withBorder radius="md" component="section" aria-labelledby="sy-configured-addons">
        <Title order={2} size="h4" id="sy-configured-addons" px="md" pt="md">
          {CONFIGURED_ADDONS}
        </Title>
        {configured.length === 0 ? (
          <Text p="md">{NO_ADDONS}</Text>
        ) : (
          <ul className="sy-list" aria-label={CONFIGURED_ADDONS}>
            {configured.map((addon) => (
              <ConfiguredAddon
                key={addon.id}
                addon={addon}
                provider={providers.find((p) => p.name === addon.provider)}
              />
            ))}
          </ul>
        )}
      </Paper>
      <Paper withBorder radius="md" component="section" aria-labelledby="sy-available-addons">
        <Title order={2} size="h4" id="sy-available-addons" px="md" pt="md">
          {AVAILABLE_ADDONS}
        </Title>
        <ul className="sy-list" aria-label={AVAILABLE_ADDONS}>
          {providers.map((provider) => (
            <AvailableAddon key={provider.name} provider={provider} />
          ))}
        </ul>
      </Paper>
    </Stack>
  );
}
