import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { asksEmailOnly, type LoginForm as LoginFormState, type LoginVariant } from './login';

interface Props {
  form: LoginFormState;
  variant: LoginVariant;
}

export function LoginForm({ form, variant }: Props) {
  const { values, errors, submitting, setField, onSubmit } = form;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {errors.api && (
          <Alert color="red" role="alert" variant="light">
            {errors.api}
          </Alert>
        )}
        {asksEmailOnly(variant) ? (
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={values.username}
            error={errors.username}
            onChange={(e) => setField('username', e.currentTarget.value)}
          />
        ) : (
          <>
            <TextInput
              label="Username or email"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              required
              value={values.username}
              error={errors.username}
              onChange={(e) => setField('username', e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              value={values.password}
              error={errors.password}
              onChange={(e) => setField('password', e.currentTarget.value)}
            />
          </>
        )}
        <Button type="submit" loading={submitting} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
