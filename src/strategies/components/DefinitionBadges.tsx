import { Badge } from '@mantine/core';
import { isBuiltIn, type StrategyDefinition } from '../definitions';

/** A definition's badges: 'Predefined' for built-ins, 'Deprecated' for deprecated ones. */
export function DefinitionBadges({ definition }: { definition: StrategyDefinition }) {
  return (
    <>
      {isBuiltIn(definition) && (
        <Badge variant="light" color="gray">
          Predefined
        </Badge>
      )}
      {definition.deprecated && (
        <Badge variant="light" color="red">
          Deprecated
        </Badge>
      )}
    </>
  );
}
