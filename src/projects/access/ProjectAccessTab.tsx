import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Group, NativeSelect, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import './access.css';
import {
  changesOwners,
  type ProjectRole,
  type ProjectUser,
  type UserSearchResult,
} from '../../../contract/project-access';
import { Gated, PermissionButton, usePermission } from '../../auth/PermissionControls';
import { NO_ACCESS_MESSAGE, OFFLINE_SAVE_MESSAGE } from '../../auth/permissions';
import { useOnline } from '../../shared/api/connectivity';
import { UserAvatar } from '../../shared/ui/UserAvatar';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { SEARCH_MIN_CHARS, useProjectAccess, useUserSearch } from './api/queries';
import { useAssignProjectRole } from './api/use-assign-project-role';
import { useRemoveProjectUser } from './api/use-remove-project-user';
import { ACCESS_ERROR_TITLE, ADD_USERS_FAILED, NO_USERS_FOUND, defaultRole, personLabel } from './access';
import { Dialog } from '../../shared/ui/Dialog';

/** Managing a project's access needs UPDATE_PROJECT in it (Admins, Editors and the project's Owners hold it). */
const MANAGE = 'UPDATE_PROJECT';
/** Making someone Owner, or taking that away, needs PROJECT_OWNERS_WRITE (the project's Owners and Admins). */
const OWNERS_ONLY_MESSAGE = "Only the project's Owners and Admins can make someone Owner or take that away";

/** The roles as a select offers them to someone who holds `roleId` now (undefined: nobody yet). */
function useRoleOptions(projectId: string, roles: readonly ProjectRole[], roleId?: number) {
  const mayChangeOwners = usePermission('PROJECT_OWNERS_WRITE', projectId);
  return roles.map((r) => ({
    value: String(r.id),
    label: r.name,
    disabled: !mayChangeOwners && changesOwners(roleId, r.id),
  }));
}

/** The project's access tab: who holds which project role, and changing that. */
export default function ProjectAccessTab({ projectId }: { projectId: string }) {
  const access = useProjectAccess(projectId);
  const [failure, setFailure] = useState<string>();
  const [removing, setRemoving] = useState<ProjectUser>();
  const assign = useAssignProjectRole(projectId);
  const remove = useRemoveProjectUser(projectId);
  const fail = (error: Error) => setFailure(error.message || ADD_USERS_FAILED);

  if (access.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading users">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (access.isError) {
    return (
      <Alert color="red" title={ACCESS_ERROR_TITLE} role="alert">
        {access.error.message || ADD_USERS_FAILED}
      </Alert>
    );
  }
  const { roles, users } = access.data;

  return (
    <Stack gap="lg">
      <AddUserForm
        projectId={projectId}
        roles={roles}
        members={users}
        saving={assign.isPending}
        onAdd={(userId, roleId) =>
          assign.mutateAsync({ userId, roleId }).then(
            () => true,
            (error: Error) => {
              fail(error);
              return false;
            },
          )
        }
      />
      <Stack gap="xs">
        <Title order={3} size="h4">
          Users with access ({users.length})
        </Title>
        {users.length === 0 ? (
          <Text c="dimmed">{NO_USERS_FOUND}</Text>
        ) : (
          <Stack gap="xs" component="ul" className="sy-access-list" aria-label="Users with access">
            {users.map((user) => (
              <UserRow
                key={user.id}
                projectId={projectId}
                user={user}
                roles={roles}
                onRole={(roleId) => assign.mutateAsync({ userId: user.id, roleId }).catch(fail)}
                onRemove={() => setRemoving(user)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {removing && (
        <ConfirmDialog
          title="Really remove user?"
          confirmLabel="Remove"
          danger
          loading={remove.isPending}
          onClose={() => setRemoving(undefined)}
          onConfirm={() =>
            void remove
              .mutateAsync({ userId: removing.id, roleId: removing.roleId })
              .catch(fail)
              .finally(() => setRemoving(undefined))
          }
        >
          {`${personLabel(removing)} will lose access to the project ${projectId}.`}
        </ConfirmDialog>
      )}
      {failure !== undefined && (
        <Dialog title={ACCESS_ERROR_TITLE} onClose={() => setFailure(undefined)}>
          <Stack gap="md">
            <Text style={{ overflowWrap: 'anywhere' }}>{failure}</Text>
            <Group justify="flex-end">
              <Button onClick={() => setFailure(undefined)} data-autofocus>
                Close
              </Button>
            </Group>
          </Stack>
        </Dialog>
      )}
    </Stack>
  );
}

/** Whether a write on this tab can be made now, and if not, why (the rule of PermissionButton's onlineOnly). */
function useWriteGate(projectId: string) {
  const permitted = usePermission(MANAGE, projectId);
  const online = useOnline();
  return { allowed: permitted && online, message: permitted ? OFFLINE_SAVE_MESSAGE : NO_ACCESS_MESSAGE };
}

function UserRow({
  projectId,
  user,
  roles,
  onRole,
  onRemove,
}: {
  projectId: string;
  user: ProjectUser;
  roles: readonly ProjectRole[];
  onRole(roleId: number): void;
  onRemove(): void;
}) {
  const writable = useWriteGate(projectId);
  const roleOptions = useRoleOptions(projectId, roles, user.roleId);
  // An Owner's row changes only for those who may change Owners: any change would take Owner away.
  const ownerLocked = !usePermission('PROJECT_OWNERS_WRITE', projectId) && changesOwners(user.roleId, undefined);
  const gate = ownerLocked && writable.allowed ? { allowed: false, message: OWNERS_ONLY_MESSAGE } : writable;
  const label = personLabel(user);
  return (
    <Paper component="li" withBorder p="sm" className="sy-access-row">
      <Group gap="sm" wrap="nowrap" className="sy-access-person">
        <UserAvatar label={label} size={40} />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {label}
          </Text>
          {user.email && user.email !== label && (
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          )}
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap" className="sy-access-actions">
        <Gated allowed={gate.allowed} message={gate.message}>
          {(props) => (
            <NativeSelect
              aria-label={`Role of ${label}`}
              size="md"
              value={String(user.roleId)}
              data={roleOptions}
              {...props}
              onChange={(event) => {
                if (gate.allowed) onRole(Number(event.currentTarget.value));
              }}
            />
          )}
        </Gated>
        <Gated allowed={gate.allowed} message={gate.message}>
          {(props) => (
            <Button
              variant="subtle"
              color="red"
              size="md"
              leftSection={<IconTrash size={18} aria-hidden />}
              aria-label={`Remove ${label}`}
              {...props}
              onClick={() => {
                if (gate.allowed) onRemove();
              }}
            >
              Remove
            </Button>
          )}
        </Gated>
      </Group>
    </Paper>
  );
}

/** Search a user (from 2 characters), choose a role, add. What was chosen stays while offline. */
function AddUserForm({
  projectId,
  roles,
  members,
  saving,
  onAdd,
}: {
  projectId: string;
  roles: ProjectRole[];
  members: ProjectUser[];
  saving: boolean;
  /** Resolves whether the user was added. */
  onAdd(userId: number, roleId: number): Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 250);
  const [chosen, setChosen] = useState<UserSearchResult | null>(null);
  const [roleId, setRoleId] = useState<string>(() => String(defaultRole(roles)?.id ?? ''));
  const roleOptions = useRoleOptions(projectId, roles);
  const [missing, setMissing] = useState(false);
  const permitted = usePermission(MANAGE, projectId);
  const search = useUserSearch(query, permitted);
  const memberIds = new Set(members.map((m) => m.id));
  const found = (search.data ?? []).filter((u) => !memberIds.has(u.id));
  const options = found.map((u) => ({ value: String(u.id), label: searchLabel(u) }));
  if (chosen && !options.some((o) => o.value === String(chosen.id))) {
    options.unshift({ value: String(chosen.id), label: searchLabel(chosen) });
  }
  const searching = query.trim().length >= SEARCH_MIN_CHARS;

  const submit = () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    void onAdd(chosen.id, Number(roleId)).then((added) => {
      if (!added) return;
      setChosen(null);
      setText('');
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sy-access-add">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="sy-access-add">
            Add user
          </Title>
          <Group align="flex-end" gap="sm" className="sy-access-add">
            <Select
              label="User"
              description="Search by name, user name or e-mail (at least 2 characters)"
              placeholder="Search users"
              searchable
              clearable
              disabled={!permitted}
              size="md"
              searchValue={text}
              onSearchChange={setText}
              data={options}
              value={chosen ? String(chosen.id) : null}
              onChange={(value) => {
                setMissing(false);
                setChosen(found.find((u) => String(u.id) === value) ?? (value === null ? null : chosen));
              }}
              filter={({ options: all }) => all}
              nothingFoundMessage={searching && search.isSuccess ? NO_USERS_FOUND : undefined}
              error={missing ? 'You must select a user' : undefined}
              className="sy-access-user"
            />
            <NativeSelect
              label="Role"
              size="md"
              value={roleId}
              data={roleOptions}
              onChange={(event) => setRoleId(event.currentTarget.value)}
            />
            <PermissionButton
              permission={MANAGE}
              project={projectId}
              onlineOnly
              type="submit"
              size="md"
              loading={saving}
              leftSection={<IconUserPlus size={18} aria-hidden />}
            >
              Add user
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A search match as the picker lists it: the person and, when different, their e-mail. */
function searchLabel(user: UserSearchResult): string {
  const label = personLabel(user);
  return user.email && user.email !== label ? `${label} (${user.email})` : label;
}
