// Unsaved changes in Ajustes are not dropped silently: each section says whether its form holds edits, and
// leaving the screen asks first.
import { useEffect } from 'react';

const dirty = new Set<string>();

/** Marks section `id` as holding unsaved edits (or not) while it is mounted. */
export function useDirtyGuard(id: string, isDirty: boolean): void {
  useEffect(() => {
    if (isDirty) dirty.add(id);
    else dirty.delete(id);
    return () => {
      dirty.delete(id);
    };
  }, [id, isDirty]);
}

/** True when nothing is unsaved, or the user agrees to drop it. */
export function confirmLeave(): boolean {
  if (dirty.size === 0) return true;
  const leave = window.confirm('Hay cambios sin guardar en Ajustes. ¿Salir sin guardarlos?');
  if (leave) dirty.clear();
  return leave;
}
