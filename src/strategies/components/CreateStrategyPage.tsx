import { getRouteApi } from '@tanstack/react-router';
import { useBackToList } from '../../shared/forms/back-to-list';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { useCreateStrategy } from '../api/use-create-strategy';
import { definitionErrorMessage, newDefinitionValues } from '../definitions';
import { STRATEGY_CREATED } from '../messages';
import { StrategyDefinitionForm } from './StrategyDefinitionForm';
import { useDefinitionForm } from './use-definition-form';

const route = getRouteApi('/main/strategies/create');

/** /strategies/create (?name= prefills the name): a custom strategy, its name checked by the server first. */
export default function CreateStrategyPage() {
  const { name } = route.useSearch();
  const back = useBackToList('/strategies');
  const create = useCreateStrategy();
  const form = useDefinitionForm(newDefinitionValues(name), {
    editMode: false,
    checkName: useServerNameCheck('api/admin/strategies/validate', { reason: definitionErrorMessage }),
    submit: (values) => create.mutateAsync(values),
    onSaved: back.saved(STRATEGY_CREATED),
  });
  return <StrategyDefinitionForm form={form} onCancel={back.cancel} />;
}
