import { Badge, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocale } from '../../shared/locale/locale';
import { formatDateTime } from '../../shared/locale/format-date';
import { useAddonDeliveries, type AddonAttempt } from '../api/queries';
import { DELIVERIES_OFFLINE, DELIVERIES_TITLE, NO_DELIVERIES } from '../messages';
import { attemptOutcome, attemptResult } from '../rules';
import '../../shared/ui/list.css';

const RESULT_COLOURS = { delivered: 'green', retried: 'yellow', failed: 'red' } as const;

function Attempt({ attempt, locale }: { attempt: AddonAttempt; locale: string }) {
  const result = attemptResult(attempt);
  return (
    <li className="sy-delivery-row">
      <Text size="sm" c="dimmed" className="sy-delivery-time">
        {formatDateTime(attempt.at, locale)}
      </Text>
      <Text size="sm" fw={600} className="sy-delivery-event" style={{ overflowWrap: 'anywhere' }}>
        {attempt.eventType}
        {attempt.featureName ? ` · ${attempt.featureName}` : ''}
      </Text>
      <Text size="sm" className="sy-delivery-outcome" style={{ overflowWrap: 'anywhere' }}>
        {attemptOutcome(attempt)}
      </Text>
      <Badge variant="light" color={RESULT_COLOURS[result]} className="sy-delivery-result">
        {result}
      </Badge>
    </li>
  );
}

/** The edit page's delivery log: the addon's last attempts (time, event, status or error), refreshed while open. */
export function DeliveryLog({ addonId }: { addonId: number }) {
  const locale = useLocale();
  const attempts = useAddonDeliveries(addonId);
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="sy-delivery-log" maw={760}>
      <Stack gap={0}>
        <Title order={2} size="h4" id="sy-delivery-log" px="md" pt="md" pb="xs">
          {DELIVERIES_TITLE}
        </Title>
        {attempts.isPending && attempts.fetchStatus === 'paused' ? (
          <Text p="md">{DELIVERIES_OFFLINE}</Text>
        ) : attempts.isPending ? (
          <Loader m="md" aria-label="Loading the delivery log" />
        ) : attempts.isError ? (
          <Text c="red.8" role="alert" p="md">
            {attempts.error.message}
          </Text>
        ) : attempts.data.length === 0 ? (
          <Text p="md">{NO_DELIVERIES}</Text>
        ) : (
          <ul className="sy-list" aria-label={DELIVERIES_TITLE}>
            {attempts.data.map((attempt) => (
              <Attempt key={attempt.id} attempt={attempt} locale={locale} />
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
