import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ENVIRONMENT_LIMIT, environmentLimitMessage, SUPPORTED_ENVIRONMENTS } from '../../../contract/environments';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { useEnvironments, type Environment } from '../api/queries';
import { useCreateEnvironment } from '../api/use-create-environment';
import { FETCH_FAILED } from '../messages';
import { limitState, nameErrorMessage } from '../rules';
import { CreateEnvironmentSuccess } from './CreateEnvironmentSuccess';
import { EnvironmentForm } from './EnvironmentForm';
import { useEnvironmentForm } from './use-environment-form';

/** Why the limit says 5 and blocks at 7 (the spec gives both figures). */
const LIMIT_EXPLAINED =
  `Up to ${SUPPORTED_ENVIRONMENTS} environments are supported; creating more is blocked once ${ENVIRONMENT_LIMIT} ` +
  'exist.';

/**
 * /environments/create: the form, or, while the limit's number of environments exist, why none can be created;
 * after creation the success view.
 */
export default function CreateEnvironmentPage() {
  const navigate = useNavigate();
  const environments = useEnvironments();
  const create = useCreateEnvironment();
  const [created, setCreated] = useState<Environment>();
  const form = useEnvironmentForm({
    checkName: useServerNameCheck('api/admin/environments/validate', { reason: nameErrorMessage }),
    submit: (values) => create.mutateAsync(values),
    onSaved: setCreated,
  });
  const toList = () => void navigate({ to: '/environments' });

  const count = environments.data?.length;
  const limit = count === undefined ? undefined : limitState(count);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      {created ? (
        <CreateEnvironmentSuccess environment={created} onDone={toList} />
      ) : count === undefined || !limit ? (
        environments.isError ? (
          <Text c="red.8" role="alert">
            {FETCH_FAILED}
          </Text>
        ) : (
          <Loader aria-label="Loading environments" />
        )
      ) : limit.blocked ? (
        <Stack gap="md">
          <Title order={1} size="h2">
            Create environment
          </Title>
          <Alert color="red" variant="light" role="alert" title="Environment limit reached">
            {environmentLimitMessage(count)}
          </Alert>
          <Text size="sm">{LIMIT_EXPLAINED}</Text>
          <div>
            <Button onClick={toList}>Back to environments</Button>
          </div>
        </Stack>
      ) : (
        <EnvironmentForm
          form={form}
          limitWarning={
            limit.warn
              ? `There are ${count} environments. ${LIMIT_EXPLAINED} ` + `${limit.left} more can be created.`
              : undefined
          }
          onCancel={toList}
        />
      )}
    </Paper>
  );
}
