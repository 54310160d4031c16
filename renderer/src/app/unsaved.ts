// Unsaved changes in Ajustes are not dropped silently: each section says whether its form holds edits, and
// leaving the screen asks first.
import { useLayoutEffect } from 'react';

const dirty = new Set<string>();

/**
 * Marks section `id` as holding unsaved edits (or not) while it is mounted. A layout effect, so the mark changes in the
 * same commit as what the screen shows: with a plain effect, «Cambios guardados.» was on screen while the section still
 * counted as unsaved, and F1 pressed at that moment asked about changes already saved.
 */
export function useDirtyGuard(id: string, isDirty: boolean): void {
  useLayoutEffect(() => {
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
