/** The metadata of an application the edit tab changes, one field per call. */
export const METADATA_FIELDS = [
  { field: 'description', label: 'Description', hint: undefined },
  { field: 'url', label: 'Application URL', hint: 'An http or https address, e.g. https://example.com' },
  { field: 'color', label: 'Color', hint: 'A CSS color, e.g. #1c7ed6 or teal' },
  { field: 'icon', label: 'Icon', hint: 'An icon name, e.g. apps, cloud, web, mobile, storage, shopping_cart' },
] as const;

export type MetadataField = (typeof METADATA_FIELDS)[number]['field'];
export type Metadata = Record<MetadataField, string>;

/** The form's values: a missing field is empty. */
export const metadataOf = (app: Partial<Record<MetadataField, string | null>>): Metadata => ({
  description: app.description ?? '',
  url: app.url ?? '',
  color: app.color ?? '',
  icon: app.icon ?? '',
});

/** The fields whose value differs from what the server holds. */
export const unsavedFields = (values: Metadata, saved: Metadata): MetadataField[] =>
  METADATA_FIELDS.map((f) => f.field).filter((field) => values[field] !== saved[field]);

/** The values once the server's changed from `before` to `after`: a field the user has not edited takes the new one. */
export const followServer = (values: Metadata, before: Metadata, after: Metadata): Metadata => ({
  description: values.description === before.description ? after.description : values.description,
  url: values.url === before.url ? after.url : values.url,
  color: values.color === before.color ? after.color : values.color,
  icon: values.icon === before.icon ? after.icon : values.icon,
});

/** The application's url as a link target: only an http(s) address (the server refuses others; Unleash did not). */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
