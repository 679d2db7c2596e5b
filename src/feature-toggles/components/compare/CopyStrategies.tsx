import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { usePermission } from '../../../auth/PermissionControls';
import { NO_ACCESS_MESSAGE, OFFLINE_SAVE_MESSAGE } from '../../../auth/permissions';
import { bypassText } from '../../../change-requests/messages';
import { useChangeRoute } from '../../../change-requests/use-change-route';
import { useOnline } from '../../../shared/api/connectivity';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Dialog } from '../../../shared/ui/Dialog';
import { STRATEGY_NAMES } from '../../../strategies/definitions';
import { useCopyStrategies } from '../../api/use-copy-strategies';
import type { ProjectFeature } from '../../types';
import { isProduction, productionNote } from '../switches/ProductionConfirm';
import { copyQuestion, copyRefusal } from './copy-texts';

type Environment = ProjectFeature['environments'][number];

/**
 * 'Copy from…' of one environment: a menu of the other environments that have strategies; the confirmation names
 * what is copied (each strategy, and that they are added after the environment's own), then every strategy of the
 * chosen one is appended (one call, online). An environment that takes changes through change requests refuses with
 * the reason, unless the person may bypass them (the confirmation then says so).
 */
export function CopyStrategies({ feature, environment }: { feature: ProjectFeature; environment: Environment }) {
  const sources = feature.environments.filter((e) => e.name !== environment.name && e.strategies.length > 0);
  const permitted = usePermission('UPDATE_FEATURE', feature.project);
  const online = useOnline();
  const changeRoute = useChangeRoute();
  const copy = useCopyStrategies();
  const [asked, setAsked] = useState<{ from: Environment; bypass: boolean; refused: boolean }>();
  if (sources.length === 0) return null;
  const allowed = permitted && online;

  async function ask(from: Environment) {
    copy.reset();
    const route = await changeRoute(feature.project, environment.name);
    setAsked({ from, bypass: route === 'bypass', refused: route === 'request' });
  }

  const close = () => setAsked(undefined);
  let dialog = null;
  if (asked?.refused)
    dialog = (
      <Dialog title={copyQuestion(asked.from, environment.name)} onClose={close}>
        <Stack gap="md">
          <Text>{copyRefusal(environment.name)}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      </Dialog>
    );
  else if (asked) {
    const { from, bypass } = asked;
    dialog = (
      <ConfirmDialog
        title={copyQuestion(from, environment.name)}
        confirmLabel="Copy"
        danger={isProduction(environment)}
        loading={copy.isPending}
        error={copy.error?.message}
        onClose={close}
        onConfirm={() =>
          copy.mutate(
            { project: feature.project, feature: feature.name, environment: environment.name, from: from.name },
            { onSuccess: close },
          )
        }
      >
        {[
          `Copies ${from.strategies.map((s) => STRATEGY_NAMES[s.name] ?? s.name).join(', ')}, with their constraints, ` +
            `segments and variants, after the ${environment.strategies.length} ${
              environment.strategies.length === 1 ? 'strategy' : 'strategies'
            } ${environment.name} has.`,
          bypass && bypassText(environment.name),
          !bypass && isProduction(environment) && productionNote(environment.name),
        ]
          .filter(Boolean)
          .join(' ')}
      </ConfirmDialog>
    );
  }

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            aria-label={`Copy from… into ${environment.name}`}
            disabled={!allowed}
            title={allowed ? undefined : permitted ? OFFLINE_SAVE_MESSAGE : NO_ACCESS_MESSAGE}
            className="sy-copy-button"
          >
            Copy from…
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {sources.map((source) => (
            <Menu.Item key={source.name} onClick={() => void ask(source)} className="sy-copy-item">
              From {source.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {dialog}
    </>
  );
}
