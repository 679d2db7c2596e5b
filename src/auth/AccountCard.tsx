import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the login page and the standalone account pages (new user, reset and forgotten password). */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="sy-login">
      <Paper className="sy-login-card" shadow="sm" radius="lg" p="xl" withBorder>
        <Stack gap="lg">
          <div>
            <Text fw={700} c="var(--mantine-color-indigo-light-color)" size="lg">
              Switchyard
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
          </div>
          {children}
        </Stack>
      </Paper>
    </main>
  );
}
