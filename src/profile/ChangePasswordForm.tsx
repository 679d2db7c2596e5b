import { Alert, Button, Group, List, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconX } from '@tabler/icons-react';
import { useChangePasswordForm, type RuleState } from './password';

const ruleIcon: Record<RuleState, typeof IconCheck> = { ok: IconCheck, failed: IconX, unchecked: IconCircleDashed };
const ruleColor: Record<RuleState, string> = { ok: 'var(--sy-ok)', failed: 'var(--sy-failed)', unchecked: 'dimmed' };
const ruleStatus: Record<RuleState, string> = { ok: 'met', failed: 'not met', unchecked: 'not checked yet' };

interface Props {
  onDone(message: string): void;
  onCancel(): void;
}

export function ChangePasswordForm({ onDone, onCancel }: Props) {
  const form = useChangePasswordForm(onDone);
  return (
    <form onSubmit={form.onSubmit} aria-label="Update password" noValidate>
      <Stack gap="sm">
        {form.error && (
          <Alert color="red" role="alert" variant="light">
            {form.error}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => form.setPassword(e.currentTarget.value)}
          aria-describedby="password-rules"
        />
        <List id="password-rules" spacing={2} size="sm" listStyleType="none" aria-live="polite">
          {form.check.rules.map((rule) => {
            const Icon = ruleIcon[rule.state];
            return (
              <List.Item key={rule.id}>
                <Group gap={6} wrap="nowrap">
                  <Text component="span" c={ruleColor[rule.state]} lh={0}>
                    <Icon size={16} aria-hidden />
                  </Text>
                  <Text component="span" size="sm">
                    {rule.label}
                    <span className="sy-visually-hidden">: {ruleStatus[rule.state]}</span>
                  </Text>
                </Group>
              </List.Item>
            );
          })}
          {form.check.other.map((message) => (
            <List.Item key={message}>
              <Text component="span" size="sm" c="var(--sy-failed)">
                {message}
              </Text>
            </List.Item>
          ))}
        </List>
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          value={form.confirmPassword}
          error={form.mismatch}
          onChange={(e) => form.setConfirmPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!form.canSubmit} loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
