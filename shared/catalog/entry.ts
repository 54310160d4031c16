/** Shape shared by every catalogue: a SUNAT code and its Spanish label. */
export interface CatalogEntry<C extends string = string> {
  readonly code: C;
  readonly label: string;
}

/** Spanish label of `code` in `catalog`, or undefined when the code is not listed. */
export function labelOf(catalog: readonly CatalogEntry[], code: string): string | undefined {
  return findEntry(catalog, code)?.label;
}

/** The entry of `code` in `catalog`, or undefined. */
export function findEntry<E extends CatalogEntry>(catalog: readonly E[], code: string): E | undefined {
  return catalog.find((entry) => entry.code === code);
}

/** True when `code` is one of the catalogue's codes (narrows the type). */
export function isCodeOf<E extends CatalogEntry>(catalog: readonly E[], code: unknown): code is E['code'] {
  return typeof code === 'string' && catalog.some((entry) => entry.code === code);
}
