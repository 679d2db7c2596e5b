import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCopy, IconKey, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { AdminTabs } from '../../admin/AdminTabs';
import { NEED_INSTANCE_ADMIN } from '../../admin/messages';
import { Gated, PermissionButton } from '../../auth/PermissionControls';
import { useIsAdmin } from '../../auth/user';
import { OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { useOnline } from '../../shared/api/connectivity';
import { formatDate } from '../../shared/locale/format-date';
import { useLocale } from '../../shared/locale/locale';
import { showToast } from '../../shared/messages/toast';
import { ReadFailure } from '../../shared/ui/ListContent';
import { UserAvatar } from '../../shared/ui/UserAvatar';
import { useUsers, type AdminUser, type RootRole } from '../api/queries';
import type { CreatedUser } from '../api/use-add-user';
import { FETCH_FAILED, NO_USERS, ONLY_ADMINS, PASSWORD_UPDATED } from '../messages';
import { matchesSearch, PAGE_SIZE, pageCount, PAGER_WINDOW, pagerWindow, sortRoles } from '../rules';
import { AddUserDialog } from './AddUserDialog';
import { ChangeUserPasswordDialog } from './ChangeUserPasswordDialog';
import { copyInviteLink } from './copy-invite-link';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { UserAddedDialog } from './UserAddedDialog';
import './users.css';

type Pending =
  | { action: 'add' }
  | { action: 'added'; user: CreatedUser }
  | { action: 'edit' | 'password' | 'delete'; user: AdminUser };

/** Sample rows while the list loads. */
const SAMPLE_ROWS = 5;
const SMALL = '(max-width: 47.99em)';

const labelOf = (user: AdminUser) => user.name || user.email || user.username || `User ${user.id}`;

/**
 * /admin/users: the team members (50 a page, a window of 6 page buttons, 4 on small screens), search, add, edit,
 * change password and delete, and an open invitation's link to copy. Only admins manage users; others are told so.
 */
export default function UsersPage() {
  const isAdmin = useIsAdmin();
  return (
    <Stack gap="md">
      <AdminTabs active="users" />
      <Title order={1} size="h2">
        Users
      </Title>
      {isAdmin ? (
        <UserAdmin />
      ) : (
        <Alert color="yellow" variant="light">
          <Text>{ONLY_ADMINS}</Text>
          <Text>{NEED_INSTANCE_ADMIN}</Text>
        </Alert>
      )}
    </Stack>
  );
}

function UserAdmin() {
  const users = useUsers();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending>();
  const close = () => setPending(undefined);
  const roles = sortRoles(users.data?.rootRoles ?? []);
  const shown = (users.data?.users ?? []).filter((user) => matchesSearch(user, search));
  const pages = pageCount(shown.length);
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          className="sy-users-search"
          label="Search users"
          placeholder="Name or e-mail"
          leftSection={<IconSearch size={16} aria-hidden />}
          size="md"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <PermissionButton
          permission="ADMIN"
          onlineOnly
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setPending({ action: 'add' })}
        >
          Add new user
        </PermissionButton>
      </Group>
      <Paper withBorder radius="md" className="sy-users">
        {users.isError && !users.data ? (
          <ReadFailure message={FETCH_FAILED} onRetry={() => void users.refetch()} />
        ) : (
          <UserTable
            rows={rows}
            roles={roles}
            loading={!users.data}
            onAction={(action, user) => setPending({ action, user })}
          />
        )}
      </Paper>
      {pages > 1 && <Pager page={current} pages={pages} onChange={setPage} />}
      {pending?.action === 'add' && (
        <AddUserDialog roles={roles} onAdded={(user) => setPending({ action: 'added', user })} onClose={close} />
      )}
      {pending?.action === 'added' && <UserAddedDialog user={pending.user} onClose={close} />}
      {pending?.action === 'edit' && (
        <EditUserDialog user={pending.user} roles={roles} onSaved={close} onClose={close} />
      )}
      {pending?.action === 'password' && (
        <ChangeUserPasswordDialog
          user={pending.user}
          onSaved={() => {
            showToast(PASSWORD_UPDATED, 'success');
            close();
          }}
          onClose={close}
        />
      )}
      {pending?.action === 'delete' && <DeleteUserDialog user={pending.user} onDeleted={close} onClose={close} />}
    </>
  );
}

interface TableProps {
  rows: AdminUser[];
  roles: RootRole[];
  loading: boolean;
  onAction(action: 'edit' | 'password' | 'delete', user: AdminUser): void;
}

function UserTable({ rows, roles, loading, onAction }: TableProps) {
  const locale = useLocale();
  const online = useOnline();
  const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? String(id);
  if (!loading && rows.length === 0) return <Text p="md">{NO_USERS}</Text>;
  return (
    <Table verticalSpacing="xs" aria-busy={loading} aria-label="Users">
      <Table.Thead>
        <Table.Tr>
          <Table.Th visibleFrom="sm" w={120}>
            Created
          </Table.Th>
          <Table.Th visibleFrom="sm" w={64}>
            <span className="sy-visually-hidden">Avatar</span>
          </Table.Th>
          <Table.Th>User</Table.Th>
          <Table.Th visibleFrom="sm">Role</Table.Th>
          <Table.Th className="sy-users-actions">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loading
          ? Array.from({ length: SAMPLE_ROWS }, (_, i) => (
              <Table.Tr key={i} aria-hidden>
                <Table.Td visibleFrom="sm">
                  <Skeleton h={14} w={80} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Skeleton circle h={32} />
                </Table.Td>
                <Table.Td>
                  <Skeleton h={14} w="70%" />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Skeleton h={14} w={50} />
                </Table.Td>
                <Table.Td>
                  <Skeleton h={32} w={120} />
                </Table.Td>
              </Table.Tr>
            ))
          : rows.map((user) => {
              const label = labelOf(user);
              return (
                <Table.Tr key={user.id}>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{formatDate(user.createdAt, locale)}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <UserAvatar label={label} size={32} />
                  </Table.Td>
                  <Table.Td className="sy-users-who">
                    <Text size="sm" fw={600}>
                      {label}
                    </Text>
                    {user.email && user.email !== label && (
                      <Text size="sm" c="dimmed">
                        {user.email}
                      </Text>
                    )}
                    <Badge variant="light" hiddenFrom="sm" mt={4}>
                      {roleName(user.rootRole)}
                    </Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{roleName(user.rootRole)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={0} wrap="nowrap">
                      <RowAction label={`Edit ${label}`} online={online} onClick={() => onAction('edit', user)}>
                        <IconPencil size={20} aria-hidden />
                      </RowAction>
                      <RowAction
                        label={`Change password of ${label}`}
                        online={online}
                        onClick={() => onAction('password', user)}
                      >
                        <IconKey size={20} aria-hidden />
                      </RowAction>
                      <RowAction label={`Delete ${label}`} online={online} onClick={() => onAction('delete', user)}>
                        <IconTrash size={20} aria-hidden />
                      </RowAction>
                      {user.inviteLink && (
                        <ActionIcon
                          variant="subtle"
                          size={44}
                          aria-label={`Copy invite link of ${label}`}
                          onClick={() => void copyInviteLink(user.inviteLink)}
                        >
                          <IconCopy size={20} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
      </Table.Tbody>
    </Table>
  );
}

/** A row's action: 44 px, named for the user; offline it stays reachable and says why it waits. */
function RowAction({
  label,
  online,
  onClick,
  children,
}: {
  label: string;
  online: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Gated allowed={online} message={OFFLINE_SAVE_MESSAGE}>
      {(gate) => (
        <ActionIcon
          {...gate}
          variant="subtle"
          size={44}
          aria-label={label}
          onClick={() => {
            if (online) onClick();
          }}
        >
          {children}
        </ActionIcon>
      )}
    </Gated>
  );
}

/** A window of page buttons (6, or 4 on small screens) with previous and next. */
function Pager({ page, pages, onChange }: { page: number; pages: number; onChange(page: number): void }) {
  const small = useMediaQuery(SMALL, window.matchMedia(SMALL).matches, { getInitialValueInEffect: false });
  const numbers = pagerWindow(page, pages, small ? PAGER_WINDOW.small : PAGER_WINDOW.wide);
  return (
    <Group component="nav" aria-label="Pages" gap={4} justify="center">
      <Button variant="default" h={44} disabled={page === 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      {numbers.map((n) => (
        <Button
          key={n}
          h={44}
          miw={44}
          variant={n === page ? 'filled' : 'default'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onChange(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="default" h={44} disabled={page === pages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
