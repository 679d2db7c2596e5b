import '@mantine/core/styles/Fieldset.css';
import { Badge, Fieldset, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { evaluateAll } from '../../contract/evaluation';
import { environmentsQuery } from '../environments/api/queries';
import { useFeatures } from '../feature-toggles/api/queries';
import { useToggleMirror } from '../feature-toggles/offline/context';
import { useLastSynced, usePendingChanges } from '../offline/context';
import { useSegments } from '../segments/api/queries';
import { RouteLink } from '../shared/ui/RouteLink';
import { useContextFields } from '../context/api/queries';
import { useStrategyDefinitions } from '../strategies/api/queries';
import { strategyTitle } from '../strategies/definitions';
import { contextOf, reasonText, STANDARD_FIELDS, stateOf, type PlaygroundInput } from './playground';
import './playground.css';

const FIELD_LABELS: Record<(typeof STANDARD_FIELDS)[number], string> = {
  userId: 'userId',
  sessionId: 'sessionId',
  remoteAddress: 'remoteAddress',
  appName: 'appName',
};
const NOT_CUSTOM = new Set<string>([...STANDARD_FIELDS, 'environment', 'currentTime']);

/**
 * /playground: pick an environment and a context, and see every toggle's result (on/off, variant) with the reason in
 * words. It evaluates in the browser, with the shared evaluator, over the offline mirror's toggles and the kept
 * segments: it works offline too.
 */
export default function PlaygroundPage() {
  const environments = useQuery(environmentsQuery).data ?? [];
  const contextFields = useContextFields().data ?? [];
  const definitions = useStrategyDefinitions().data;
  const segments = useSegments().data;
  const list = useFeatures();
  const { mirroredStates } = useToggleMirror();
  const lastSynced = useLastSynced();
  const pending = usePendingChanges();
  const [input, setInput] = useState<PlaygroundInput>({
    environment: '',
    fields: Object.fromEntries(STANDARD_FIELDS.map((field) => [field, ''])),
    properties: {},
    currentTime: '',
  });
  const [filter, setFilter] = useState('');
  const environment = input.environment || environments[0]?.name || 'default';
  const custom = contextFields.filter((field) => !NOT_CUSTOM.has(field.name));
  const deferred = useDeferredValue({ ...input, environment });

  const { results, unknown } = useMemo(() => {
    const { state, unknown } = stateOf(mirroredStates(), deferred.environment, segments ?? []);
    return { results: evaluateAll(state, contextOf(deferred)), unknown };
    // The mirror's toggles change with the list, a sync and a queued change.
  }, [deferred, segments, list.data, lastSynced, pending]); // eslint-disable-line react-hooks/exhaustive-deps
  const needle = filter.trim().toLowerCase();
  const shown = needle ? results.filter((r) => r.name.toLowerCase().includes(needle)) : results;
  const titleOf = (name: string) => strategyTitle({ name }, definitions);
  const projectOf = (name: string) => list.data?.find((t) => t.name === name)?.project ?? 'default';

  const setField = (field: string, value: string) =>
    setInput((i) => ({ ...i, fields: { ...i.fields, [field]: value } }));
  const setProperty = (field: string, value: string) =>
    setInput((i) => ({ ...i, properties: { ...i.properties, [field]: value } }));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Playground
        </Title>
        <Text c="dimmed" size="sm">
          See how every feature toggle evaluates for a context. It is worked out in this browser from the synced
          toggles, so it works offline too.
        </Text>
      </Stack>
      <div className="sy-playground">
        <Paper withBorder radius="md" p="md" component="form" aria-label="Context" onSubmit={(e) => e.preventDefault()}>
          <Stack gap="sm">
            <NativeSelect
              label="Environment"
              value={environment}
              data={environments.length > 0 ? environments.map((e) => e.name) : [environment]}
              onChange={(e) => {
                const chosen = e.currentTarget.value;
                setInput((i) => ({ ...i, environment: chosen }));
              }}
            />
            {STANDARD_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={FIELD_LABELS[field]}
                autoComplete="off"
                value={input.fields[field]}
                onChange={(e) => setField(field, e.currentTarget.value)}
              />
            ))}
            <TextInput
              label="currentTime"
              type="datetime-local"
              description="Empty: now"
              value={input.currentTime}
              onChange={(e) => {
                const currentTime = e.currentTarget.value;
                setInput((i) => ({ ...i, currentTime }));
              }}
            />
            {custom.length > 0 && (
              <Fieldset legend="Custom fields" variant="unstyled" classNames={{ legend: 'sy-playground-legend' }}>
                <Stack gap="sm">
                  {custom.map((field) => (
                    <TextInput
                      key={field.name}
                      label={field.name}
                      description={field.description || undefined}
                      autoComplete="off"
                      value={input.properties[field.name] ?? ''}
                      onChange={(e) => setProperty(field.name, e.currentTarget.value)}
                    />
                  ))}
                </Stack>
              </Fieldset>
            )}
          </Stack>
        </Paper>
        <section aria-labelledby="playground-results" className="sy-playground-results">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Title order={2} size="h4" id="playground-results">
                Results in {deferred.environment}
              </Title>
              <Text size="sm" c="dimmed" aria-live="polite">
                {shown.length === 1 ? '1 toggle' : `${shown.length} toggles`}
              </Text>
            </Group>
            <TextInput
              label="Filter by name"
              type="search"
              autoComplete="off"
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
            />
            {unknown.length > 0 && (
              <Text size="sm" c="dimmed">
                {unknown.length === 1 ? '1 toggle is' : `${unknown.length} toggles are`} not synced yet and left out.
              </Text>
            )}
            {shown.length === 0 ? (
              <Text c="dimmed">{list.isPending ? 'Loading feature toggles…' : 'No feature toggles to show.'}</Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Results">
                {shown.map((result) => (
                  <Paper component="li" key={result.name} withBorder radius="md" p="sm" aria-label={result.name}>
                    <Group gap="xs" wrap="wrap" mb={4}>
                      <RouteLink
                        to="/projects/$projectId/features2/$featureId"
                        params={{ projectId: projectOf(result.name), featureId: result.name }}
                        className="sy-playground-name"
                      >
                        {result.name}
                      </RouteLink>
                      <Badge color={result.enabled ? 'green' : 'gray'} variant="light">
                        {result.enabled ? 'On' : 'Off'}
                      </Badge>
                      {result.variant.enabled && (
                        <Badge color="grape" variant="light" style={{ textTransform: 'none' }}>
                          Variant: {result.variant.name}
                        </Badge>
                      )}
                    </Group>
                    {result.variant.payload && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        Payload ({result.variant.payload.type}): <code>{result.variant.payload.value}</code>
                      </Text>
                    )}
                    {reasonText(result, deferred.environment, titleOf).map((line, index) => (
                      <Text
                        key={index}
                        size="sm"
                        c={index === 0 ? undefined : 'dimmed'}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {line}
                      </Text>
                    ))}
                  </Paper>
                ))}
              </Stack>
            )}
          </Stack>
        </section>
      </div>
    </Stack>
  );
}
