import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { addToList } from './parameters';
import './strategies.css';

interface Props {
  label: string;
  description?: string | null;
  values: string[];
  onChange(values: string[]): void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A list of values (list parameters, constraint values): typed input is split on commas, trimmed, and duplicates and
 * empties are ignored. Enter, the Add button or leaving the field adds it; each value has a remove button.
 */
export function ListValuesInput({ label, description, values, onChange, error, required, disabled }: Props) {
  const [input, setInput] = useState('');

  const add = () => {
    if (!input.trim()) return;
    onChange(addToList(values, input));
    setInput('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.stopPropagation();
    add();
  };

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description || undefined}
        error={error}
        required={required}
        disabled={disabled}
        placeholder="Add items, separated by commas"
        autoComplete="off"
        value={input}
        onChange={(e) => setInput(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        inputContainer={(field) => (
          <Group gap="xs" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>{field}</div>
            {!disabled && (
              <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
                Add
              </Button>
            )}
          </Group>
        )}
      />
      {values.length > 0 && (
        <Group gap={6} component="ul" aria-label={`Values of ${label}`} p={0} m={0} className="sy-value-list">
          {values.map((value) => (
            <li key={value} className="sy-value">
              <span>{value}</span>
              {!disabled && (
                <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${value}`} onClick={() => onChange(values.filter((v) => v !== value))}>
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              )}
            </li>
          ))}
        </Group>
      )}
    </Stack>
  );
}
