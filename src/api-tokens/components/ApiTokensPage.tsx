import { Alert, Anchor, Code, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { CreateTokenInput } from '../../../contract/api-tokens';
import { AdminTabs } from '../../admin/AdminTabs';
import { AdminOnly } from '../../admin/AdminOnly';
import { PermissionButton } from '../../auth/PermissionControls';
import { useIsAdmin } from '../../auth/user';
import { showToast } from '../../shared/messages/toast';
import { ListContent } from '../../shared/ui/ListContent';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useUiConfig } from '../../ui-config/api/queries';
import { useApiTokens, type ApiToken } from '../api/queries';
import { useCreateApiToken } from '../api/use-create-api-token';
import { useDeleteApiToken } from '../api/use-delete-api-token';
import { useUpdateApiTokenExpiry } from '../api/use-update-api-token-expiry';
import {
  ACTIVATION_NOTE,
  EXPIRY_UPDATED,
  FETCH_FAILED,
  NO_TOKENS,
  TOKEN_COPIED,
  TOKEN_DELETED,
  TOKEN_CREATED,
} from '../messages';
import { ApiTokenTable, type TokenAction } from './ApiTokenTable';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';
import { DeleteApiTokenDialog } from './DeleteApiTokenDialog';
import { EditExpiryDialog } from './EditExpiryDialog';
import '../api-tokens.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The info box: how to connect, the API URL from the UI config, and when a new token works. */
function ApiInfo() {
  const unleashUrl = useUiConfig().data?.unleashUrl;
  return (
    <Alert color="blue" icon={<IconInfoCircle aria-hidden />} className="sy-token-info">
      <Stack gap="xs">
        <Text size="sm">
          Read the{' '}
          <Anchor
            href="https://docs.getunleash.io/docs"
            target="_blank"
            rel="noreferrer"
            size="sm"
            c="inherit"
            underline="always"
          >
            Getting started guide
          </Anchor>{' '}
          to learn how to connect to the API from your application or programmatically. {ACTIVATION_NOTE}
        </Text>
        {unleashUrl && (
          <Text size="sm" component="div">
            <strong>API URL: </strong>
            <Code className="sy-token-secret">{`${unleashUrl.replace(/\/$/, '')}/api/`}</Code>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * /admin/api: the admin tabs (admins only), the info box, the token table with copy, expiry and
 * delete, and the create dialog. Tokens and their secrets are read by admins only; others are told so.
 */
export default function ApiTokensPage() {
  const isAdmin = useIsAdmin();
  const tokens = useApiTokens(isAdmin);
  const create = useCreateApiToken();
  const remove = useDeleteApiToken();
  const updateExpiry = useUpdateApiTokenExpiry();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<{ token: ApiToken; action: Exclude<TokenAction, 'copy'> }>();
  const close = () => {
    setPending(undefined);
    updateExpiry.reset();
  };

  const createToken = async (token: CreateTokenInput) => {
    await create.mutateAsync(token);
    showToast(TOKEN_CREATED, 'success');
    setCreating(false);
  };
  const onAction = (token: ApiToken, action: TokenAction) => {
    if (action === 'copy') {
      void navigator.clipboard.writeText(token.secret).then(
        () => showToast(TOKEN_COPIED, 'success'),
        (error: unknown) => showToast(messageOf(error), 'error'),
      );
    } else setPending({ token, action });
  };
  const deleteToken = (token: ApiToken) =>
    remove.mutate(token.secret, {
      onSuccess: () => {
        showToast(TOKEN_DELETED, 'success');
        close();
      },
      onError: (error) => showToast(messageOf(error), 'error'),
    });
  const saveExpiry = (token: ApiToken, expiresAt: string | null) =>
    updateExpiry.mutate(
      { secret: token.secret, expiresAt },
      {
        onSuccess: () => {
          showToast(EXPIRY_UPDATED, 'success');
          close();
        },
      },
    );

  return (
    <Stack gap="md">
      <AdminTabs active="api" />
      <PageHeader title="API Access">
        <PermissionButton
          permission="CREATE_API_TOKEN"
          onlineOnly
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setCreating(true)}
        >
          Add new API key
        </PermissionButton>
      </PageHeader>
      <ApiInfo />
      <Paper withBorder radius="md">
        <AdminOnly>
          <ListContent query={tokens} loading="Loading API tokens" failed={FETCH_FAILED} empty={NO_TOKENS}>
            {(list) => <ApiTokenTable tokens={list} onAction={onAction} />}
          </ListContent>
        </AdminOnly>
      </Paper>
      {creating && <CreateApiTokenDialog onCreate={createToken} onClose={() => setCreating(false)} />}
      {pending?.action === 'delete' && (
        <DeleteApiTokenDialog
          token={pending.token}
          deleting={remove.isPending}
          onConfirm={() => deleteToken(pending.token)}
          onClose={close}
        />
      )}
      {pending?.action === 'expiry' && (
        <EditExpiryDialog
          token={pending.token}
          saving={updateExpiry.isPending}
          error={updateExpiry.error ? messageOf(updateExpiry.error) : undefined}
          onSave={(expiresAt) => saveExpiry(pending.token, expiresAt)}
          onClose={close}
        />
      )}
    </Stack>
  );
}
