import { useEffect, useRef, useState } from 'react';
import { ssoSettingsProblems, type SsoProvider, type SsoSettingsOf } from '../../../contract/sso';
import { BadRequestError } from '../../shared/api/errors';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import { useSaveSsoSettings } from '../api/use-save-sso-settings';

export const SAVING = '...saving';
export const SAVED = 'Settings stored';
/** 'SSO saved text clears after 2000 ms'. */
export const SAVED_CLEARS_AFTER_MS = 2000;

/** The field a 400 names (its details' path), so the server's reason shows under that field too. */
function fieldOf(error: unknown): string | undefined {
  if (!(error instanceof BadRequestError)) return undefined;
  const details = (error.body as { details?: { path?: unknown[] }[] } | undefined)?.details;
  const field = details?.[0]?.path?.[0];
  return typeof field === 'string' ? field : undefined;
}

/**
 * A settings form's save status: '...saving' while `save` runs, then 'Settings stored' (cleared after 2 s); nothing
 * when it fails, whose error goes on to the form.
 */
export function useSaveStatus() {
  const [status, setStatus] = useState('');
  const clear = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clear.current), []);
  const saving = async (save: () => Promise<void>) => {
    clearTimeout(clear.current);
    setStatus(SAVING);
    try {
      await save();
    } catch (error) {
      setStatus('');
      throw error;
    }
    setStatus(SAVED);
    clear.current = setTimeout(() => setStatus(''), SAVED_CLEARS_AFTER_MS);
  };
  return { status, saving };
}

/**
 * A provider's settings form: an enabled provider's required fields are checked before sending; a 400 naming a
 * field shows its reason under that field too.
 */
export function useSsoForm<P extends SsoProvider>(provider: P, initial: SsoSettingsOf[P]) {
  const save = useSaveSsoSettings(provider);
  const { status, saving } = useSaveStatus();
  const form = useForm<SsoSettingsOf[P]>(initial, {
    validate: (values) => Object.fromEntries(ssoSettingsProblems(provider, values)) as FormErrors<SsoSettingsOf[P]>,
    submit: (values) =>
      saving(async () => {
        try {
          form.setValues(await save.mutateAsync(values));
        } catch (error) {
          const field = fieldOf(error);
          if (field && field in values && error instanceof Error) {
            form.setError(field as keyof SsoSettingsOf[P], error.message);
          }
          throw error;
        }
      }),
  });
  return { ...form, status };
}

export type SsoForm<P extends SsoProvider> = ReturnType<typeof useSsoForm<P>>;
