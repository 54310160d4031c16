import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'warning' | 'error';

interface AlertProps {
  tone: Tone;
  title?: string;
  children?: ReactNode;
}

/** A message box. Errors and warnings are announced (role alert), the rest politely (role status). */
export function Alert({ tone, title, children }: AlertProps): React.JSX.Element {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}>
      {title ? <strong className="alert__title">{title}</strong> : null}
      {children ? <div className="alert__body">{children}</div> : null}
    </div>
  );
}
