import { Type, type Static } from 'typebox';
import { Nullable } from './wire.ts';

/** One parameter a strategy definition declares. */
export const StrategyParameterSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  description: Type.String(),
  required: Type.Boolean(),
});
export type StrategyParameter = Static<typeof StrategyParameterSchema>;

/** A strategy definition as the API answers it (Unleash 4 keys and order); built-ins are not editable. */
export const StrategyDefinitionSchema = Type.Object({
  displayName: Nullable(Type.String()),
  name: Type.String(),
  editable: Type.Boolean(),
  description: Nullable(Type.String()),
  parameters: Type.Array(StrategyParameterSchema),
  deprecated: Type.Boolean(),
});
export type StrategyDefinition = Static<typeof StrategyDefinitionSchema>;

export const StrategyListSchema = Type.Object({
  version: Type.Literal(1),
  strategies: Type.Array(StrategyDefinitionSchema),
});

const Name = Type.String({ maxLength: 200 });
const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
/** A parameter as a request may send it: entries without a name are dropped, a missing type means string. */
const ParameterBody = Type.Object({
  name: OptionalText(100),
  type: OptionalText(50),
  description: OptionalText(1000),
  required: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});
/** A definition in a request body; the rules beyond shape (name, parameter types) are the server's. */
const DefinitionFields = {
  displayName: OptionalText(100),
  description: OptionalText(1000),
  parameters: Type.Optional(Type.Array(ParameterBody, { maxItems: 100 })),
};

export const StrategyNameParams = Type.Object({ name: Name });
export const StrategyNameBody = Type.Object({ name: Name });
export const CreateStrategyBody = Type.Object({ name: Name, ...DefinitionFields });
export type CreateStrategyInput = Static<typeof CreateStrategyBody>;
export const UpdateStrategyBody = Type.Object({ name: Type.Optional(Name), ...DefinitionFields });
export type UpdateStrategyInput = Static<typeof UpdateStrategyBody>;
export type StrategyParameterInput = Static<typeof ParameterBody>;
