import { Badge } from '@mantine/core';
import { HEALTH_COLOR, healthLevel } from '../rules';

/** A project's health rating, coloured by the 50/75 thresholds. */
export function HealthBadge({ health, size = 'md' }: { health: number; size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Badge color={HEALTH_COLOR[healthLevel(health)]} variant="light" size={size}>
      {`Health ${health}%`}
    </Badge>
  );
}
