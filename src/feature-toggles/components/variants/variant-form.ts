import { useState, type FormEvent } from 'react';
import type { Override, Variant } from '../../../../contract/variants';
import {
  applyDraft,
  DEFAULT_OVERRIDE_CONTEXT,
  type DraftErrors,
  draftOf,
  newDraft,
  saveErrorMessage,
  type VariantDraft,
} from './variants';

const FIELD_ERROR: Partial<Record<keyof VariantDraft, keyof DraftErrors>> = {
  name: 'name',
  weight: 'weight',
  weightType: 'weight',
};

interface Options {
  variants: Variant[];
  /** The edited variant's position; undefined adds a new one. */
  index?: number;
  /** Saves the whole new list; a rejection is mapped to the field it concerns. */
  save(variants: Variant[]): Promise<void>;
  onSaved(): void;
}

/** State of the add/edit variant dialog: the draft, its errors, the override rows, and submit. */
export function useVariantForm({ variants, index, save, onSaved }: Options) {
  const [draft, setDraft] = useState<VariantDraft>(() =>
    index === undefined ? newDraft(variants) : draftOf(variants[index]),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [submitting, setSubmitting] = useState(false);

  /** A change clears the general error and the error of the field it concerns. */
  const clearErrors = (field: keyof VariantDraft) => {
    const key = FIELD_ERROR[field];
    setErrors((e) => ({ ...e, general: undefined, ...(key ? { [key]: undefined } : {}) }));
  };

  const setField = <K extends keyof VariantDraft>(field: K, value: VariantDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    clearErrors(field);
  };

  const setOverrides = (update: (overrides: Override[]) => Override[]) => {
    setDraft((d) => ({ ...d, overrides: update(d.overrides) }));
    clearErrors('overrides');
  };

  const overrides = {
    add: () => setOverrides((list) => [...list, { contextName: DEFAULT_OVERRIDE_CONTEXT, values: [] }]),
    change: (at: number, override: Override) => setOverrides((list) => list.map((o, i) => (i === at ? override : o))),
    remove: (at: number) => setOverrides((list) => list.filter((_, i) => i !== at)),
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const result = applyDraft(variants, draft, index);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setSubmitting(true);
    try {
      await save(result.variants);
      onSaved();
    } catch (error) {
      setErrors(saveErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return { draft, errors, submitting, editing: index !== undefined, setField, overrides, onSubmit };
}

export type VariantForm = ReturnType<typeof useVariantForm>;
