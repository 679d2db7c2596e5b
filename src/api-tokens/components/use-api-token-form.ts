import type { CreateTokenInput } from '../../../contract/api-tokens';
import { useForm } from '../../shared/forms/use-form';
import { showToast } from '../../shared/messages/toast';
import { CREATE_FAILED } from '../messages';
import { expiryOf, newTokenValues, validateToken, withType, type TokenFormValues, type TokenType } from '../rules';

interface Options {
  /** The first environment: a client token's default. */
  firstEnvironment: string | undefined;
  submit(token: CreateTokenInput): Promise<void>;
}

/** What the server is sent: an expiry only when a day was chosen. */
export function tokenInput(values: TokenFormValues): CreateTokenInput {
  const expiry = expiryOf(values.expiresOn);
  return {
    username: values.username,
    type: values.type,
    project: values.project,
    environment: values.environment,
    ...(expiry ? { expiresAt: expiry.toISOString() } : {}),
  };
}

/**
 * The create-token form: the username is required ('Username is required.'), the type decides the scope (Admin:
 * every project and environment), an expiry day is optional and must not have passed. A refusal shows 'Unable to
 * create new API token' as a toast and the server's reason in the form, which keeps what was typed.
 */
export function useApiTokenForm({ firstEnvironment, submit }: Options) {
  const form = useForm(newTokenValues(firstEnvironment), {
    prepare: (values) => ({ ...values, username: values.username.trim() }),
    validate: (values) => validateToken(values),
    submit: async (values) => {
      try {
        await submit(tokenInput(values));
      } catch (error) {
        showToast(CREATE_FAILED, 'error');
        throw error;
      }
    },
  });
  const setType = (type: TokenType) => form.setValues((values) => withType(values, type, firstEnvironment));
  return { ...form, setType };
}

export type ApiTokenForm = ReturnType<typeof useApiTokenForm>;
