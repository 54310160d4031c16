import type { ReactNode } from 'react';
import { SCREENS, type ScreenId } from '../app/screens';

interface NavProps {
  current: ScreenId;
  pending: number | null;
  onSelect: (screen: ScreenId) => void;
  /** Shown at the right end of the bar (who is at the till). */
  children?: ReactNode;
}

/** The main navigation: one button per screen with its shortcut key. */
export function Nav({ current, pending, onSelect, children }: NavProps): React.JSX.Element {
  return (
    <nav className="nav" aria-label="Pantallas">
      <span className="nav__brand">Caja</span>
      <ul className="nav__list">
        {SCREENS.map((screen, index) => (
          <li key={screen.id}>
            <button
              type="button"
              className="nav__button"
              aria-current={current === screen.id ? 'page' : undefined}
              aria-keyshortcuts={screen.key.startsWith('Alt+') ? screen.key : `${screen.key} Alt+${index + 1}`}
              onClick={() => onSelect(screen.id)}
            >
              {screen.label}
              <kbd className="nav__key">{screen.key}</kbd>
              {screen.id === 'documents' && pending ? (
                <span className="nav__count" aria-label={`${pending} pendientes`}>
                  {pending}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {children}
    </nav>
  );
}
