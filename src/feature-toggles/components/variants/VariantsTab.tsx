import '@mantine/core/styles/Table.css';
import { ActionIcon, Alert, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Permission } from '../../../../contract/permissions';
import { Gated, PermissionButton, usePermission } from '../../../auth/PermissionControls';
import { DEFAULT_STICKINESS, stickinessOptions } from '../../../strategies/parameters';
import type { ContextField } from '../../../context/rules';
import { useContextFields } from '../../../context/api/queries';
import { useSaveVariants } from '../../api/use-save-variants';
import { VariantDialog } from './VariantDialog';
import type { Variant } from '../../../../contract/variants';
import { removeVariant, saveErrorMessage, toPercent, withStickiness } from './variants';
import './variants.css';

interface Props {
  project: string;
  variants: Variant[];
  contextFields: ContextField[];
  /** Saves the whole new list. */
  save(variants: Variant[]): Promise<void>;
  /** A strategy's variants: a heading of that level, no overrides, and the permission the strategy form needs. */
  strategy?: { headingOrder: 3 | 4; permission: Permission };
}

/**
 * The variants of a toggle or of a strategy: table, add/edit dialog, delete, and the stickiness select (from two
 * variants).
 */
export function VariantsEditor({ project, variants, contextFields, save, strategy }: Props) {
  const permission = strategy?.permission ?? 'UPDATE_FEATURE';
  const allowed = usePermission(permission, project);
  // undefined: closed; 'new': adding; a number: editing that variant.
  const [dialog, setDialog] = useState<'new' | number>();
  const [error, setError] = useState<string>();
  const stickiness = variants[0]?.stickiness ?? DEFAULT_STICKINESS;
  const stickinessChoices = stickinessOptions(contextFields);

  /** Delete and stickiness changes have no dialog: a failure shows above the table. */
  const saveHere = async (next: Variant[]) => {
    setError(undefined);
    try {
      await save(next);
    } catch (e) {
      const message = saveErrorMessage(e);
      setError(message.general ?? message.name ?? message.weight);
    }
  };
  const remove = (index: number) => {
    const result = removeVariant(variants, index);
    if ('variants' in result) void saveHere(result.variants);
    else setError(result.error);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={strategy?.headingOrder ?? 2} size={strategy ? 'h5' : 'h3'}>
          Variants
        </Title>
        <PermissionButton
          permission={permission}
          project={project}
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setDialog('new')}
        >
          Add variant
        </PermissionButton>
      </Group>
      {error && (
        <Alert
          color="red"
          role="alert"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setError(undefined)}
        >
          {error}
        </Alert>
      )}
      {variants.length === 0 ? (
        <Text c="dimmed">No variants defined.</Text>
      ) : (
        <Table className="sy-variants" verticalSpacing="sm" aria-label="Variants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Weight</Table.Th>
              <Table.Th>Payload</Table.Th>
              {!strategy && <Table.Th>Overrides</Table.Th>}
              <Table.Th>
                <span className="sy-visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.map((variant, index) => (
              <Table.Tr key={variant.name}>
                <Table.Td data-label="Name" fw={600} className="sy-variant-name">
                  {variant.name}
                </Table.Td>
                <Table.Td data-label="Weight">
                  {toPercent(variant.weight)} %{variant.weightType === 'fix' ? ' (custom)' : ''}
                </Table.Td>
                <Table.Td data-label="Payload" className="sy-variant-text">
                  {variant.payload ? (
                    <>
                      <Text span size="xs" c="dimmed">
                        {variant.payload.type}{' '}
                      </Text>
                      <code>{variant.payload.value}</code>
                    </>
                  ) : (
                    '–'
                  )}
                </Table.Td>
                {!strategy && (
                  <Table.Td data-label="Overrides" className="sy-variant-text">
                    {variant.overrides?.length
                      ? variant.overrides.map((o) => `${o.contextName}: ${o.values.join(', ')}`).join('; ')
                      : '–'}
                  </Table.Td>
                )}
                <Table.Td className="sy-variant-actions">
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Gated allowed={allowed}>
                      {(gate) => (
                        <ActionIcon
                          variant="subtle"
                          size="xl"
                          aria-label={`Edit variant ${variant.name}`}
                          {...gate}
                          onClick={() => allowed && setDialog(index)}
                        >
                          <IconPencil size={20} aria-hidden />
                        </ActionIcon>
                      )}
                    </Gated>
                    <Gated allowed={allowed}>
                      {(gate) => (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="xl"
                          aria-label={`Delete variant ${variant.name}`}
                          {...gate}
                          onClick={() => allowed && remove(index)}
                        >
                          <IconTrash size={20} aria-hidden />
                        </ActionIcon>
                      )}
                    </Gated>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {variants.length >= 2 && (
        <Gated allowed={allowed}>
          {(gate) => (
            <NativeSelect
              label="Stickiness"
              maw={320}
              value={stickiness}
              data={stickinessChoices.includes(stickiness) ? stickinessChoices : [stickiness, ...stickinessChoices]}
              {...gate}
              onChange={(e) => {
                if (allowed) void saveHere(withStickiness(variants, e.currentTarget.value));
              }}
            />
          )}
        </Gated>
      )}
      {dialog !== undefined && (
        <VariantDialog
          variants={variants}
          index={dialog === 'new' ? undefined : dialog}
          contextNames={contextFields.map((f) => f.name)}
          save={save}
          onClose={() => setDialog(undefined)}
          withOverrides={!strategy}
        />
      )}
    </Stack>
  );
}

/** The Variants tab: the editor, saving through the offline queue (the hook sends the JSON patch). */
export function VariantsTab({ project, feature, variants }: { project: string; feature: string; variants: Variant[] }) {
  const contextFields = useContextFields().data ?? [];
  const save = useSaveVariants();
  return (
    <VariantsEditor
      project={project}
      variants={variants}
      contextFields={contextFields}
      save={(next) => save({ project, feature, variants: next })}
    />
  );
}
