import { Button } from '@mantine/core';
import { IconGitPullRequest } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAwaitingMe } from '../api/queries';
import { awaitingLabel } from '../messages';
import { useFollowChangeRequests } from '../use-follow-change-requests';
import '../change-requests.css';

/**
 * The header's count of change requests awaiting the signed-in person's approval, a link to them; hidden when none
 * do. It follows the live stream, and with it every list of requests on screen.
 */
export function AwaitingMeBadge() {
  useFollowChangeRequests();
  const count = useAwaitingMe().data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Button
      component={Link}
      to="/change-requests"
      className="sy-awaiting-button"
      color="grape"
      leftSection={<IconGitPullRequest size={20} aria-hidden />}
      aria-label={awaitingLabel(count)}
      title={awaitingLabel(count)}
    >
      {count}
    </Button>
  );
}
