// The Productos list: search as you type (lightly debounced), inactive products on demand, pages of 100.
import { useCallback, useEffect, useRef, useState } from 'react';
import { PRODUCT_LIST_MAX_LIMIT, type Product } from '../../../../shared/bridge';
import { call } from '../../pos';

export const LIST_DEBOUNCE_MS = 150;
export const LIST_PAGE = 100;

export interface ProductListState {
  text: string;
  setText: (text: string) => void;
  includeInactive: boolean;
  setIncludeInactive: (value: boolean) => void;
  rows: Product[];
  total: number | null;
  error: string | null;
  /** More rows match than are shown, and another page can be asked for. */
  canShowMore: boolean;
  showMore: () => void;
  reload: () => void;
}

export function useProductList(): ProductListState {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [limit, setLimit] = useState(LIST_PAGE);
  const [rows, setRows] = useState<Product[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The typed text reaches the query after a short pause; a new query starts from the first page.
  const changeText = useCallback((next: string) => {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      setQuery(next.trim().slice(0, 100));
      setLimit(LIST_PAGE);
    }, LIST_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    let current = true;
    const input = { limit, ...(query ? { text: query } : {}), ...(includeInactive ? { includeInactive: true } : {}) };
    void call((api) => api.listProducts(input)).then((result) => {
      if (!current) return;
      if (result.ok) {
        setRows(result.value.rows);
        setTotal(result.value.total);
        setError(null);
      } else setError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [query, includeInactive, limit, version]);

  return {
    text,
    setText: changeText,
    includeInactive,
    setIncludeInactive: (value) => {
      setIncludeInactive(value);
      setLimit(LIST_PAGE);
    },
    rows,
    total,
    error,
    canShowMore: total !== null && rows.length < total && limit < PRODUCT_LIST_MAX_LIMIT,
    showMore: () => setLimit((n) => Math.min(n + LIST_PAGE, PRODUCT_LIST_MAX_LIMIT)),
    reload: () => setVersion((n) => n + 1),
  };
}
