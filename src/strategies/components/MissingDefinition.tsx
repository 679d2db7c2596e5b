import { Alert } from '@mantine/core';
import { RouteLink } from '../../shared/ui/RouteLink';
import { missingDefinition } from '../messages';

/** A strategy instance or page names a definition that does not exist: say so and link to creating it. */
export function MissingDefinition({ name }: { name: string }) {
  return (
    <Alert color="orange" variant="light" role="alert">
      {missingDefinition(name)}{' '}
      <RouteLink to="/strategies/create" search={{ name }} className="sy-touch-link">
        Create it
      </RouteLink>
    </Alert>
  );
}
