import '@mantine/core/styles/Fieldset.css';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DialogForm } from '../../../shared/forms/DialogForm';
import { Dialog } from '../../../shared/ui/Dialog';
import { ListValuesInput } from '../../../strategies/components/ListValuesInput';
import { useVariantForm } from './variant-form';
import './variants.css';
import { PAYLOAD_TYPES, type PayloadType, type Variant } from '../../../../contract/variants';
import { DEFAULT_OVERRIDE_CONTEXT } from './variants';

interface Props {
  variants: Variant[];
  /** The edited variant's position; undefined adds a new one. */
  index?: number;
  /** Context field names for overrides. */
  contextNames: string[];
  save(variants: Variant[]): Promise<void>;
  onClose(): void;
  /** false for a strategy's variants, which have no overrides. */
  withOverrides?: boolean;
}

/** The add/edit variant dialog: name, 'Custom percentage' with the weight, payload, overrides. */
export function VariantDialog({ variants, index, contextNames, save, onClose, withOverrides = true }: Props) {
  const form = useVariantForm({ variants, index, save, onSaved: onClose });
  const { draft, errors, setField, overrides } = form;
  const title = form.editing ? 'Edit variant' : 'Add variant';
  const contexts = contextNames.includes(DEFAULT_OVERRIDE_CONTEXT)
    ? contextNames
    : [DEFAULT_OVERRIDE_CONTEXT, ...contextNames];

  return (
    <Dialog title={title} size="lg" onClose={onClose}>
      <DialogForm
        onSubmit={form.onSubmit}
        label={title}
        error={errors.general}
        onCancel={onClose}
        submit={
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        }
      >
        <TextInput
          label="Variant name"
          required
          autoComplete="off"
          data-autofocus
          value={draft.name}
          error={errors.name}
          disabled={form.editing}
          onChange={(e) => setField('name', e.currentTarget.value)}
        />
        <Switch
          size="md"
          label="Custom percentage"
          checked={draft.weightType === 'fix'}
          onChange={(e) => setField('weightType', e.currentTarget.checked ? 'fix' : 'variable')}
        />
        {draft.weightType === 'fix' && (
          <TextInput
            label="Weight"
            inputMode="decimal"
            autoComplete="off"
            rightSection="%"
            maw={200}
            value={draft.weight}
            error={errors.weight}
            onChange={(e) => setField('weight', e.currentTarget.value)}
          />
        )}
        {draft.weightType !== 'fix' && errors.weight && (
          <Alert color="red" role="alert" variant="light">
            {errors.weight}
          </Alert>
        )}
        <Fieldset legend="Payload" variant="unstyled" classNames={{ legend: 'sy-fieldset-legend' }}>
          <Stack gap="sm">
            <NativeSelect
              label="Payload type"
              value={draft.payloadType}
              data={[...PAYLOAD_TYPES]}
              onChange={(e) => setField('payloadType', e.currentTarget.value as PayloadType)}
            />
            <Textarea
              label="Payload value"
              autosize
              minRows={2}
              value={draft.payloadValue}
              onChange={(e) => setField('payloadValue', e.currentTarget.value)}
            />
          </Stack>
        </Fieldset>
        {withOverrides && (
          <Fieldset legend="Overrides" variant="unstyled" classNames={{ legend: 'sy-fieldset-legend' }}>
            <Stack gap="sm">
              {draft.overrides.map((override, at) => (
                <Fieldset key={at} legend={`Override ${at + 1}`}>
                  <Group align="flex-end" gap="sm" wrap="nowrap">
                    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
                      <NativeSelect
                        label="Context field"
                        value={override.contextName}
                        data={contexts.includes(override.contextName) ? contexts : [override.contextName, ...contexts]}
                        onChange={(e) => overrides.change(at, { ...override, contextName: e.currentTarget.value })}
                      />
                      <ListValuesInput
                        label="Values"
                        values={override.values}
                        onChange={(values) => overrides.change(at, { ...override, values })}
                      />
                    </Stack>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="xl"
                      aria-label={`Remove override ${at + 1}`}
                      onClick={() => overrides.remove(at)}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Fieldset>
              ))}
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={overrides.add}
                style={{ alignSelf: 'flex-start' }}
              >
                Add override
              </Button>
            </Stack>
          </Fieldset>
        )}
      </DialogForm>
    </Dialog>
  );
}
