import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { addToList } from '../parameters';
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

/** What the field shows: the values, the text being typed and the error. */
interface Shown {
  values: string[];
  input: string;
  error?: string;
}

/**
 * Whether a press (a mouse button, or the mousedown of a tap) is going on in the page, and `afterPress(run)`: runs
 * once that press is released and the click it makes has been handled (the release and its click come in one task).
 */
function usePress() {
  const state = useRef({ down: false, waiting: [] as (() => void)[] });
  useEffect(() => {
    const current = state.current;
    const down = () => {
      current.down = true;
    };
    const up = () => {
      current.down = false;
      const run = current.waiting.splice(0);
      if (run.length > 0) setTimeout(() => run.forEach((fn) => fn()), 0);
    };
    // The window losing the focus ends a press too (its release would not reach the page).
    const windowBlur = (event: FocusEvent) => {
      if (event.target === window) up();
    };
    const downs = ['pointerdown', 'mousedown'] as const;
    const ups = ['pointerup', 'pointercancel', 'mouseup'] as const;
    downs.forEach((type) => window.addEventListener(type, down, true));
    ups.forEach((type) => window.addEventListener(type, up, true));
    window.addEventListener('blur', windowBlur);
    return () => {
      downs.forEach((type) => window.removeEventListener(type, down, true));
      ups.forEach((type) => window.removeEventListener(type, up, true));
      window.removeEventListener('blur', windowBlur);
      current.waiting.length = 0;
    };
  }, []);
  return useMemo(
    () => ({
      pressing: () => state.current.down,
      afterPress: (run: () => void) => void state.current.waiting.push(run),
    }),
    [],
  );
}

/**
 * A list of values (list parameters, constraint values): typed input is split on commas, trimmed, and duplicates and
 * empties are ignored. Enter, the Add button or leaving the field adds it; each value has a remove button.
 *
 * Leaving the field by pressing something else (e.g. Save below it) adds the values at once, so that press saves
 * them, but the field keeps showing what it showed until the press is over: the new row of values would otherwise
 * push the controls below it down between press and release, and the click would miss them.
 */
export function ListValuesInput({ label, description, values, onChange, error, required, disabled }: Props) {
  const [input, setInput] = useState('');
  const [held, setHeld] = useState<Shown>();
  const press = usePress();
  const shown: Shown = held ?? { values, input, error };

  const add = () => {
    if (!input.trim()) return;
    onChange(addToList(values, input));
    setInput('');
  };

  const onBlur = () => {
    if (!input.trim()) return;
    if (press.pressing()) {
      setHeld({ values, input, error });
      press.afterPress(() => setHeld(undefined));
    }
    add();
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
        error={shown.error}
        required={required}
        disabled={disabled}
        placeholder="Add items, separated by commas"
        autoComplete="off"
        value={shown.input}
        onChange={(e) => setInput(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
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
      {shown.values.length > 0 && (
        <Group gap={6} component="ul" aria-label={`Values of ${label}`} p={0} m={0} className="sy-value-list">
          {shown.values.map((value) => (
            <li key={value} className="sy-tag sy-value">
              <span>{value}</span>
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove ${value}`}
                  onClick={() => onChange(values.filter((v) => v !== value))}
                >
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
