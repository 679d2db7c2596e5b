import { ActionIcon, Badge, Code, Group } from '@mantine/core';
import { IconCalendarTime, IconCopy, IconTrash } from '@tabler/icons-react';
import { Gated, usePermission } from '../../auth/PermissionControls';
import { useOnline } from '../../shared/api/connectivity';
import { formatDate } from '../../shared/locale/format-date';
import { useLocale } from '../../shared/locale/locale';
import { OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import type { ApiToken } from '../api/queries';
import { ALL, isExpired, typeLabel } from '../rules';

export type TokenAction = 'copy' | 'expiry' | 'delete';

interface Props {
  tokens: ApiToken[];
  onAction(token: ApiToken, action: TokenAction): void;
}

const scopeLabel = (scope: string) => (scope === ALL ? 'ALL' : scope);

/**
 * The token table: created, username, type, project, environment, expiry and the secret with copy, change-expiry
 * and delete. On a phone each token is a card (the table's cells stack with their labels).
 */
export function ApiTokenTable({ tokens, onAction }: Props) {
  const locale = useLocale();
  const online = useOnline();
  const mayDelete = usePermission('DELETE_API_TOKEN');
  const mayChange = usePermission('ADMIN');
  const gateMessage = (permitted: boolean) => (permitted ? OFFLINE_SAVE_MESSAGE : undefined);
  return (
    <table className="sy-token-table">
      <thead>
        <tr>
          <th scope="col">Created</th>
          <th scope="col">Username</th>
          <th scope="col">Type</th>
          <th scope="col">Project</th>
          <th scope="col">Environment</th>
          <th scope="col">Expires</th>
          <th scope="col">Secret</th>
          <th scope="col">
            <span className="sy-visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.secret}>
            <td data-label="Created">{token.createdAt ? formatDate(token.createdAt, locale) : ''}</td>
            <td data-label="Username" className="sy-token-username">
              {token.username}
            </td>
            <td data-label="Type">{typeLabel(token.type)}</td>
            <td data-label="Project">{scopeLabel(token.project)}</td>
            <td data-label="Environment">{scopeLabel(token.environment)}</td>
            <td data-label="Expires">
              {token.expiresAt ? (
                <Group gap={6} wrap="nowrap">
                  {formatDate(token.expiresAt, locale)}
                  {isExpired(token) && (
                    <Badge color="red.8" variant="filled" size="sm">
                      Expired
                    </Badge>
                  )}
                </Group>
              ) : (
                'Never'
              )}
            </td>
            <td data-label="Secret">
              <Code className="sy-token-secret">{token.secret}</Code>
            </td>
            <td className="sy-token-actions">
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="xl"
                  aria-label={`Copy the token of ${token.username}`}
                  onClick={() => onAction(token, 'copy')}
                >
                  <IconCopy size={20} aria-hidden />
                </ActionIcon>
                <Gated allowed={mayChange && online} message={gateMessage(mayChange)}>
                  {(gate) => (
                    <ActionIcon
                      {...gate}
                      variant="subtle"
                      size="xl"
                      aria-label={`Change the expiry of the token of ${token.username}`}
                      onClick={() => mayChange && online && onAction(token, 'expiry')}
                    >
                      <IconCalendarTime size={20} aria-hidden />
                    </ActionIcon>
                  )}
                </Gated>
                <Gated allowed={mayDelete && online} message={gateMessage(mayDelete)}>
                  {(gate) => (
                    <ActionIcon
                      {...gate}
                      variant="subtle"
                      color="red.8"
                      size="xl"
                      aria-label={`Delete the token of ${token.username}`}
                      onClick={() => mayDelete && online && onAction(token, 'delete')}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  )}
                </Gated>
              </Group>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
