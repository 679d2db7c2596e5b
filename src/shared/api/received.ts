/**
 * A wire type of contract/ as the console reads it: dates arrive as ISO text, and every field but the `Known` ones
 * may be missing, since the console also serves servers without our additions (a real Unleash 4).
 */
export type Received<T, Known extends keyof T = never> = { [K in Exclude<keyof T, Known>]?: Exclude<T[K], Date> } & {
  [K in Known]: Exclude<T[K], Date>;
};
