/**
 * A catalogue is a nested object of ICU message texts. English is written `as const`; every other
 * language is typed with `Translation<typeof en>`, so a missing or extra key fails to compile.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};

/** A catalogue's message ids: the dotted paths to its texts ("errors.E_NOT_FOUND"). */
export type MessagePaths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : MessagePaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export interface CatalogueTree {
  readonly [key: string]: string | CatalogueTree;
}

/** The flat id → text map message formatters take ("a.b.c": "…"). */
export function flattenCatalogue(tree: CatalogueTree, prefix = ""): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const id = `${prefix}${key}`;
    if (typeof value === "string") flat[id] = value;
    else Object.assign(flat, flattenCatalogue(value, `${id}.`));
  }
  return flat;
}
