// A labelled form control with its error and hint, wired for screen readers (label htmlFor, aria-invalid,
// aria-describedby). The control itself is passed as a child and must carry `id` and the `aria` props.
import type { ReactNode } from 'react';

export interface FieldAria {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** Props to spread on the control of a Field. */
export function fieldAria(id: string, error?: string, hint?: string): FieldAria {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': Boolean(error), ...(described ? { 'aria-describedby': described } : {}) };
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  children: ReactNode;
}

export function Field({ id, label, error, hint, className, children }: FieldProps): React.JSX.Element {
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface CheckboxProps {
  id: string;
  label: string;
  children: ReactNode;
}

/** A checkbox with its label after it. */
export function CheckboxField({ id, label, children }: CheckboxProps): React.JSX.Element {
  return (
    <div className="field field--check">
      {children}
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
