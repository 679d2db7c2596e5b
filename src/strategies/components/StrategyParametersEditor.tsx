import '@mantine/core/styles/Slider.css';
import { Input, NativeSelect, Slider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { ParameterDefinition, StrategyDefinition } from '../definitions';
import { ListValuesInput } from './ListValuesInput';
import {
  formatList,
  parameterEditor,
  parameterErrors,
  parseList,
  PERCENTAGE,
  percentageValue,
  stickinessOptions,
  type Parameters,
  type StickinessSource,
} from '../parameters';
import './strategies.css';

export interface StrategyParametersEditorProps {
  definition: StrategyDefinition;
  parameters: Parameters;
  onChange(parameters: Parameters): void;
  /** Context fields flagged for stickiness join the stickiness options. */
  contextFields?: StickinessSource[];
  disabled?: boolean;
}

interface FieldProps {
  parameter: ParameterDefinition;
  value: string | undefined;
  onChange(value: string): void;
  disabled?: boolean;
}

const MARKS = PERCENTAGE.marks.map((value) => ({ value, label: `${value}%` }));

function PercentageField({ parameter, value, onChange, disabled }: FieldProps) {
  const id = useId();
  const percent = percentageValue(value);
  return (
    <Input.Wrapper
      className="sy-percentage"
      label={`${parameter.name}: ${percent}%`}
      description={parameter.description || undefined}
      labelElement="div"
      id={id}
      pb="lg"
    >
      <Slider
        mt="xs"
        mx="md"
        min={PERCENTAGE.min}
        max={PERCENTAGE.max}
        step={PERCENTAGE.step}
        marks={MARKS}
        value={percent}
        label={(v) => `${v}%`}
        thumbLabel={parameter.name}
        thumbProps={{ 'aria-describedby': parameter.description ? `${id}-description` : undefined }}
        size="lg"
        thumbSize={26}
        disabled={disabled}
        onChange={(v) => onChange(String(v))}
      />
    </Input.Wrapper>
  );
}

/** One field per parameter the definition declares, labelled with its name and description. */
export function StrategyParametersEditor({
  definition,
  parameters,
  onChange,
  contextFields,
  disabled,
}: StrategyParametersEditorProps) {
  const errors = parameterErrors(definition, parameters);
  const set = (name: string, value: string) => onChange({ ...parameters, [name]: value });

  if (definition.parameters.length === 0) {
    return <Text c="dimmed">This strategy has no parameters.</Text>;
  }

  return (
    <Stack gap="md">
      {definition.parameters.map((parameter) => {
        const { name } = parameter;
        const value = parameters[name];
        const description = parameter.description || undefined;
        const props = { parameter, value, disabled, onChange: (v: string) => set(name, v) };
        switch (parameterEditor(parameter)) {
          case 'percentage':
            return <PercentageField key={name} {...props} />;
          case 'list':
            return (
              <ListValuesInput
                key={name}
                label={name}
                description={description}
                required={parameter.required}
                values={parseList(value ?? '')}
                disabled={disabled}
                onChange={(list) => set(name, formatList(list))}
              />
            );
          case 'boolean':
            return (
              <Switch
                key={name}
                size="md"
                label={name}
                description={description}
                checked={value === 'true'}
                disabled={disabled}
                onChange={(e) => set(name, e.currentTarget.checked ? 'true' : 'false')}
              />
            );
          case 'stickiness': {
            const options = stickinessOptions(contextFields);
            return (
              <NativeSelect
                key={name}
                label={name}
                description={description}
                required={parameter.required}
                value={value ?? ''}
                data={value && !options.includes(value) ? [value, ...options] : options}
                disabled={disabled}
                onChange={(e) => set(name, e.currentTarget.value)}
              />
            );
          }
          default:
            return (
              <TextInput
                key={name}
                label={name}
                description={description}
                required={parameter.required}
                inputMode={parameterEditor(parameter) === 'number' ? 'numeric' : undefined}
                value={value ?? ''}
                error={errors[name]}
                disabled={disabled}
                autoComplete="off"
                onChange={(e) => set(name, e.currentTarget.value)}
              />
            );
        }
      })}
    </Stack>
  );
}
