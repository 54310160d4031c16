// Shared by the settings sections: put the bridge's field errors on the section's fields, report the rest.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { BridgeResult, SettingsView } from '../../../../shared/bridge';

export type SaveMessage = { tone: 'success' | 'error'; text: string } | null;

/**
 * Handles the answer of saveSettings for a section whose fields live under `prefix` ('company', 'api'...).
 * Returns the message to show; on success hands the fresh view to `onSaved`.
 */
export function handleSave<T extends FieldValues>(
  result: BridgeResult<SettingsView>,
  prefix: string,
  setError: UseFormSetError<T>,
  onSaved: (view: SettingsView) => void,
): SaveMessage {
  if (result.ok) {
    onSaved(result.value);
    return { tone: 'success', text: 'Cambios guardados.' };
  }
  const unplaced: string[] = [];
  for (const field of result.error.fields ?? []) {
    const name = prefix === '' ? field.path : field.path.startsWith(`${prefix}.`) ? field.path.slice(prefix.length + 1) : '';
    if (name) setError(name as Path<T>, { type: 'server', message: field.message });
    else unplaced.push(field.message);
  }
  return { tone: 'error', text: [result.error.message, ...unplaced].join(' ') };
}
