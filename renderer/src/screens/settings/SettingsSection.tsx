import type { ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import type { SaveMessage } from './save-result';

interface SettingsSectionProps {
  id: string;
  title: string;
  message: SaveMessage;
  children: ReactNode;
}

/** A titled block of the settings screen with its save message. */
export function SettingsSection({ id, title, message, children }: SettingsSectionProps): React.JSX.Element {
  return (
    <section className="panel settings__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </section>
  );
}
