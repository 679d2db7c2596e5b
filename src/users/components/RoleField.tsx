import '@mantine/core/styles/Radio.css';
import { Radio, Stack } from '@mantine/core';
import type { RootRole } from '../api/queries';

interface Props {
  roles: RootRole[];
  value: number;
  onChange(role: number): void;
  required?: boolean;
  error?: string;
}

/** A team member's root role: one radio per role, with what the role may do. */
export function RoleField({ roles, value, onChange, required, error }: Props) {
  return (
    <Radio.Group
      label="Role"
      required={required}
      value={String(value)}
      error={error}
      onChange={(role) => onChange(Number(role))}
    >
      <Stack gap="xs" mt={4}>
        {roles.map((role) => (
          <Radio key={role.id} value={String(role.id)} label={role.name} description={role.description} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
