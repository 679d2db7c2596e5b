import { Group, List, Text } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconX } from '@tabler/icons-react';
import type { PasswordCheck, RuleState } from './password';

const ruleIcon: Record<RuleState, typeof IconCheck> = { ok: IconCheck, failed: IconX, unchecked: IconCircleDashed };
const ruleColor: Record<RuleState, string> = { ok: 'var(--sy-ok)', failed: 'var(--sy-failed)', unchecked: 'dimmed' };
const ruleStatus: Record<RuleState, string> = { ok: 'met', failed: 'not met', unchecked: 'not checked yet' };

/** The password rules as the password is typed (each met, not met or not checked yet), and any other problem. */
export function PasswordRules({ id, check }: { id: string; check: PasswordCheck }) {
  return (
    <List id={id} spacing={2} size="sm" listStyleType="none" aria-live="polite">
      {check.rules.map((rule) => {
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
      {check.other.map((message) => (
        <List.Item key={message}>
          <Text component="span" size="sm" c="var(--sy-failed)">
            {message}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
