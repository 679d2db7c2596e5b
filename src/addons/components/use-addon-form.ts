import { useState } from 'react';
import { useForm } from '../../shared/forms/use-form';
import type { AddonProvider } from '../api/queries';
import { addonErrors, missingParameters, retyped, withEvent, type AddonValues } from '../rules';

interface Options {
  provider: AddonProvider;
  /** Edit mode: the addon exists (Update instead of Create). */
  editMode: boolean;
  submit(values: AddonValues): Promise<unknown>;
  /** After a successful save: the toast and the list. */
  onSaved?(): unknown;
}

/**
 * The addon form: at least one event, every required parameter filled in (each empty one says
 * so), sensitive parameters left as '*****' unless retyped; a failed save shows the server's reason.
 */
export function useAddonForm(initial: AddonValues, { provider, editMode, submit, onSaved }: Options) {
  const [parameterErrors, setParameterErrors] = useState<Record<string, string>>({});
  const form = useForm(initial, {
    prepare: (values) => ({ ...values, description: values.description.trim() }),
    validate: (values) => {
      setParameterErrors(missingParameters(provider, values));
      return addonErrors(provider, values);
    },
    submit,
    onSaved,
  });

  const setParameter = (name: string, text: string) => {
    const sensitive = provider.parameters.find((p) => p.name === name)?.sensitive ?? false;
    const previous = form.values.parameters[name] ?? '';
    form.setField('parameters', { ...form.values.parameters, [name]: sensitive ? retyped(previous, text) : text });
    setParameterErrors((errors) => {
      const next = { ...errors };
      delete next[name];
      return next;
    });
  };

  const setEvent = (event: string, listen: boolean) =>
    form.setField('events', withEvent(provider, form.values.events, event, listen));

  return { ...form, provider, editMode, parameterErrors, setParameter, setEvent };
}

export type AddonForm = ReturnType<typeof useAddonForm>;
