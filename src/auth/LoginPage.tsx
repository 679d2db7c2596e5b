import { Alert, Anchor, Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { withBase } from '../shared/api/base-path';
import type { AuthOption } from '../shared/api/errors';
import { useUiConfig } from '../ui-config/api/queries';
import { AccountCard } from './AccountCard';
import { useAuthState } from './auth-state';
import { LoginForm } from './LoginForm';
import { loginPath, loginVariant, useLoginActions, useLoginForm, type LoginVariant } from './login';
import { userQuery } from './user';

const route = getRouteApi('/login');

export default function LoginPage() {
  const uiConfig = useUiConfig();
  const { details, unauthorised } = useAuthState();
  // After a 401 the session is known to be gone: it is not read again until a sign-in.
  const session = useQuery({ ...userQuery, enabled: !unauthorised });
  // Once the user is known (signed in), the user is sent to features.
  if (session.data && !unauthorised) return <Navigate to="/features" replace />;
  if (uiConfig.isPending) {
    return (
      <Center h="100dvh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <Login variant={loginVariant(uiConfig.data?.authenticationType, details)} />;
}

function Login({ variant }: { variant: LoginVariant }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { details } = useAuthState();
  const { login } = useLoginActions();
  // The auth details: the providers' buttons; the password form hidden when the default is disabled.
  const options = variant === 'password' ? (details?.options ?? []) : [];
  const passwordHidden = options.length > 0 && (details?.defaultHidden === true || details?.disableDefault === true);
  const form = useLoginForm(variant, search.email ?? '', async (body) => {
    await login(loginPath(variant, details), body);
    await navigate({ to: '/features' });
  });

  return (
    <AccountCard title="Login to continue the great work">
      {search.errorMsg && (
        <Alert color="red" role="alert" variant="light">
          {search.errorMsg}
        </Alert>
      )}
      {search.reset && (
        <Alert color="green" role="status" variant="light">
          You successfully reset your password.
        </Alert>
      )}
      {options.length > 0 && <ProviderButtons options={options} passwordShown={!passwordHidden} />}
      {!passwordHidden && <LoginForm form={form} variant={variant} />}
      {variant === 'password' && !passwordHidden && (
        <Anchor href={withBase('forgotten-password')} className="sy-touch-link">
          Forgot password?
        </Anchor>
      )}
      {variant === 'demo' && <DemoTerms />}
    </AccountCard>
  );
}

/** The demo sign-in shows its terms links (Unleash's texts and pages). */
function DemoTerms() {
  return (
    <Text size="sm">
      By accessing our demo instance, you agree to the Unleash{' '}
      <Anchor href="https://www.unleash-hosted.com/tos/" target="_blank" rel="noopener noreferrer">
        Customer Terms of Service
      </Anchor>{' '}
      and{' '}
      <Anchor href="https://www.unleash-hosted.com/privacy-policy/" target="_blank" rel="noopener noreferrer">
        Privacy Policy
      </Anchor>
    </Text>
  );
}

/** The single sign-on providers' buttons: each starts the provider's sign-in on the server (a full page load). */
function ProviderButtons({ options, passwordShown }: { options: AuthOption[]; passwordShown: boolean }) {
  return (
    <Stack gap="sm">
      {options.map((option) => (
        <Button
          key={option.type}
          component="a"
          href={option.path}
          variant="outline"
          fullWidth
          leftSection={<IconLock size={18} aria-hidden />}
        >
          {option.message ?? `Sign in with ${option.type}`}
        </Button>
      ))}
      {passwordShown && <Divider label="Or sign in with username" labelPosition="center" />}
    </Stack>
  );
}
