import { Paper } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { showToast } from '../../shared/messages/toast';
import { STRATEGY_CREATED } from '../messages';
import { StrategyDefinitionForm } from './StrategyDefinitionForm';
import { useDefinitionForm } from './use-definition-form';
import { newDefinitionValues } from '../definitions';
import { useCreateStrategy } from '../api/use-create-strategy';
import { useValidateStrategyName } from '../api/use-validate-strategy-name';

const route = getRouteApi('/main/strategies/create');

/** /strategies/create (?name= prefills the name): a custom strategy, its name checked by the server first. */
export default function CreateStrategyPage() {
  const { name } = route.useSearch();
  const navigate = useNavigate();
  const validateName = useValidateStrategyName();
  const create = useCreateStrategy();
  const form = useDefinitionForm(newDefinitionValues(name), {
    editMode: false,
    validateName: (value) => validateName.mutateAsync(value),
    submit: async (values) => {
      await create.mutateAsync(values);
      showToast(STRATEGY_CREATED, 'success');
      await navigate({ to: '/strategies' });
    },
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <StrategyDefinitionForm form={form} onCancel={() => void navigate({ to: '/strategies' })} />
    </Paper>
  );
}
