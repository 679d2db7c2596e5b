import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '../../shared/forms/use-form';
import type { EventFilters } from '../api/queries';

interface Values {
  type: string;
  createdBy: string;
  feature: string;
  project: string;
  from: string;
  to: string;
}

const valuesOf = (filters: EventFilters): Values => ({
  type: filters.type ?? '',
  createdBy: filters.createdBy ?? '',
  feature: filters.feature ?? '',
  project: filters.project ?? '',
  from: filters.from ?? '',
  to: filters.to ?? '',
});

/** The filled-in fields, trimmed; an empty field filters nothing. */
const filtersOf = (values: Values): EventFilters =>
  Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  );

/**
 * The history's filters: event type, who made the change, toggle (on /history only), project and a range of days.
 * Applied together, so typing asks the server nothing; one column on phones.
 */
export function HistoryFilters({
  filters,
  withToggle,
  onApply,
}: {
  filters: EventFilters;
  withToggle: boolean;
  onApply(filters: EventFilters): void;
}) {
  const form = useForm(valuesOf(filters), {
    validate: (values) => ({
      to: values.from && values.to && values.to < values.from ? "'To' must not be before 'From'" : undefined,
    }),
    submit: async (values) => onApply(filtersOf(values)),
  });
  const field = (name: keyof Values) => ({
    value: form.values[name],
    error: form.errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setField(name, event.currentTarget.value),
  });

  return (
    <form aria-label="Filters" onSubmit={(event) => void form.onSubmit(event)}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput label="Event type" placeholder="feature-updated" {...field('type')} />
        <TextInput label="Changed by" placeholder="User name or e-mail" {...field('createdBy')} />
        {withToggle && <TextInput label="Toggle" placeholder="Toggle name" {...field('feature')} />}
        <TextInput label="Project" placeholder="Project id" {...field('project')} />
        <TextInput label="From" type="date" {...field('from')} />
        <TextInput label="To" type="date" {...field('to')} />
      </SimpleGrid>
      <Group gap="sm" mt="sm">
        <Button type="submit" mih={44}>
          Apply filters
        </Button>
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            form.setValues(valuesOf({}));
            onApply({});
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  );
}
