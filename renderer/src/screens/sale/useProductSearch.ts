// Search as you type in a line's description: a light debounce, stale answers dropped, the matches of one line
// at a time with the highlighted option (the first, so Enter takes the best match at once).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Product } from '../../../../shared/bridge';
import { lineInputId } from './LineRow';
import type { ProductSearch } from './product-lookup';

/** Enough to skip the keystrokes of a fast typist, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 120;
/** Fewer characters match too much to help. */
export const SEARCH_MIN_CHARS = 2;

export interface SearchState {
  /** The line whose description is being typed. */
  line: number;
  query: string;
  products: Product[];
  /** Index of the highlighted option. */
  active: number;
}

export interface ProductSearchControl {
  /** The open list, or null. Never open with zero matches. */
  state: SearchState | null;
  /** What the live region says about the last answer ('' when nothing to say). */
  announcement: string;
  /** Call on every keystroke in a description. */
  typed: (line: number, text: string) => void;
  move: (delta: 1 | -1) => void;
  setActive: (index: number) => void;
  close: () => void;
}

export function useProductSearch(search: ProductSearch): ProductSearchControl {
  const [state, setState] = useState<SearchState | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sequence = useRef(0);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    sequence.current += 1;
  }, []);

  const close = useCallback(() => {
    cancel();
    setState((current) => (current === null ? current : null));
  }, [cancel]);

  const typed = useCallback(
    (line: number, text: string) => {
      cancel();
      const query = text.trim();
      if (query.length < SEARCH_MIN_CHARS) {
        setState((current) => (current === null ? current : null));
        setAnnouncement('');
        return;
      }
      const ticket = sequence.current;
      timer.current = setTimeout(() => {
        timer.current = null;
        void search(query.slice(0, 100)).then((answer) => {
          if (ticket !== sequence.current) return; // a newer keystroke or a close came first
          // Only for the field the cashier is still in, with the text it still has.
          const input = document.getElementById(lineInputId(line, 'description'));
          if (!(input instanceof HTMLInputElement) || document.activeElement !== input || input.value.trim() !== query) return;
          if (!answer.ok) {
            setState(null);
            setAnnouncement(`No se pudo buscar: ${answer.message}`);
            return;
          }
          const { products } = answer;
          setState(products.length > 0 ? { line, query, products, active: 0 } : null);
          setAnnouncement(
            products.length === 0
              ? 'Sin coincidencias en el catálogo.'
              : `${products.length === 1 ? '1 producto' : `${products.length} productos`}: ↑ ↓ para elegir, Enter para agregar, Esc para cerrar.`,
          );
        });
      }, SEARCH_DEBOUNCE_MS);
    },
    [cancel, search],
  );

  const move = useCallback((delta: 1 | -1) => {
    setState((current) => {
      if (!current) return current;
      const count = current.products.length;
      return { ...current, active: (current.active + delta + count) % count };
    });
  }, []);

  const setActive = useCallback((index: number) => {
    setState((current) => (current && current.active !== index && current.products[index] ? { ...current, active: index } : current));
  }, []);

  useEffect(() => cancel, [cancel]);

  return { state, announcement, typed, move, setActive, close };
}
