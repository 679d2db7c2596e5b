import { Type, type Static } from 'typebox';

// Wire shapes of tags and tag types (Unleash 4.2 keys).

const Short = Type.String({ maxLength: 100 });

export const TagTypeParams = Type.Object({ name: Short });
export const TagsOfTypeParams = Type.Object({ type: Short });
export const TagParams = Type.Object({ type: Short, value: Short });

/** A tag in a request body; the type defaults to simple. */
export const TagBody = Type.Object({ type: Type.Optional(Short), value: Short });

export const TagTypeNameBody = Type.Object({ name: Short });
const Description = Type.String({ maxLength: 1000 });
const Icon = Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]);
export const TagTypeBody = Type.Object({
  name: Short,
  description: Type.Optional(Description),
  icon: Type.Optional(Icon),
});
/** PUT api/admin/tag-types/{name}: the name may repeat the path. */
export const TagTypeUpdateBody = Type.Object({
  name: Type.Optional(Short),
  description: Type.Optional(Description),
  icon: Type.Optional(Icon),
});

export const TagSchema = Type.Object({ type: Type.String(), value: Type.String() });
export type Tag = Static<typeof TagSchema>;
export const TagListSchema = Type.Object({ version: Type.Literal(1), tags: Type.Array(TagSchema) });

export const TagTypeSchema = Type.Object({
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  icon: Type.Union([Type.String(), Type.Null()]),
});
export type TagType = Static<typeof TagTypeSchema>;
/** POST api/admin/tag-types answers with what was created as it was sent (Unleash 4.2: `{name, description}`). */
export const TagTypeCreatedSchema = Type.Object({
  name: Type.String(),
  description: Type.Optional(Description),
  icon: Type.Optional(Icon),
});
export const TagTypeListSchema = Type.Object({ version: Type.Literal(1), tagTypes: Type.Array(TagTypeSchema) });
export const TagTypeOneSchema = Type.Object({ version: Type.Literal(1), tagType: TagTypeSchema });
