// A calendar day typed as dd/mm/aaaa whatever the computer's locale: the browser's date input follows
// the system's language, so a shop PC set to English would show mm/dd/yyyy. The value handed to the form is ISO
// (YYYY-MM-DD) once the text is a real day; while it is not, the raw text goes up so the form's schema flags it.
import { forwardRef, useEffect, useState } from 'react';
import { formatDayText, parseDayText } from '../../../shared/catalog';
import type { FieldAria } from './Field';

interface DayInputProps extends Partial<FieldAria> {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  'aria-label'?: string;
}

export const DayInput = forwardRef<HTMLInputElement, DayInputProps>(function DayInput({ value, onChange, onBlur, ...aria }, ref) {
  const [text, setText] = useState(() => formatDayText(value));

  // A value set from outside (a reset, a default instalment) replaces the text, unless it is what the text means.
  useEffect(() => {
    setText((current) => ((parseDayText(current) ?? current) === value ? current : formatDayText(value)));
  }, [value]);

  return (
    <input
      {...aria}
      ref={ref}
      type="text"
      className="input--day"
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      maxLength={10}
      value={text}
      onChange={(event) => {
        const raw = event.target.value;
        setText(raw);
        onChange(raw.trim() === '' ? '' : (parseDayText(raw) ?? raw));
      }}
      onBlur={() => {
        // A day typed as 1/3/26 or 01032026 is shown back in its full form once the cashier leaves the field.
        const day = parseDayText(text);
        if (day) setText(formatDayText(day));
        onBlur?.();
      }}
    />
  );
});
