import { Checkbox, Popover, Stack } from '@mantine/core';
import { ColumnsButton } from './ColumnsButton';
import type { ColumnEnvironment } from './environment-columns';

/**
 * Desktop: which environments have a column, a checkbox each (at least one stays). A popover of checkboxes rather than
 * Mantine's Menu, whose items are always plain menu items: a checked state must be said as one.
 */
export default function ColumnsMenu({
  offered,
  shown,
  setShown,
  defaultOpened = false,
}: {
  offered: ColumnEnvironment[];
  shown: ColumnEnvironment[];
  setShown(name: string, shown: boolean): void;
  /** Open as it mounts (the button was clicked while this code was loading). */
  defaultOpened?: boolean;
}) {
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus defaultOpened={defaultOpened}>
      <Popover.Target>
        <ColumnsButton />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label="Environments shown">
        <Stack gap={0} role="group" aria-label="Environments shown">
          {offered.map((env) => {
            const checked = shown.some((column) => column.name === env.name);
            return (
              <Checkbox
                key={env.name}
                label={env.name}
                checked={checked}
                disabled={checked && shown.length === 1}
                onChange={(event) => setShown(env.name, event.currentTarget.checked)}
                // Each row a 44 px target.
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
