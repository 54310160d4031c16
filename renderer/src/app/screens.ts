export type ScreenId = 'sale' | 'documents' | 'lookups' | 'settings' | 'products' | 'cash' | 'stock' | 'summary';

/** The screens, in the order of their keys (F1–F6, Alt+1–Alt+8; F7 on is the sale's own). */
export const SCREENS: readonly { id: ScreenId; label: string; key: string }[] = [
  { id: 'sale', label: 'Venta', key: 'F1' },
  { id: 'documents', label: 'Documentos', key: 'F2' },
  { id: 'lookups', label: 'Consultas', key: 'F3' },
  { id: 'settings', label: 'Ajustes', key: 'F4' },
  { id: 'products', label: 'Productos', key: 'F5' },
  { id: 'cash', label: 'Caja', key: 'F6' },
  { id: 'stock', label: 'Inventario', key: 'Alt+7' },
  { id: 'summary', label: 'Resumen', key: 'Alt+8' },
];

/** The screen a key press asks for, or null. F5 is taken from the browser's reload on purpose. */
export function screenForKey(event: KeyboardEvent): ScreenId | null {
  const fn = /^F([1-6])$/.exec(event.key);
  if (fn && !event.altKey && !event.ctrlKey && !event.metaKey) return SCREENS[Number(fn[1]) - 1]?.id ?? null;
  const digit = /^Digit([1-8])$/.exec(event.code);
  if (digit && event.altKey && !event.ctrlKey && !event.metaKey) return SCREENS[Number(digit[1]) - 1]?.id ?? null;
  return null;
}
