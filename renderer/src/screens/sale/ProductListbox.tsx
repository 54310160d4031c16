// The matches under a line's description (ARIA combobox pattern: the input keeps focus, aria-activedescendant
// points at the highlighted option). Drawn at the body with fixed position so the lines table's scrolling box
// never clips it; it follows the input when the page scrolls.
import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Product } from '../../../../shared/bridge';
import { findEntry, UNITS } from '../../../../shared/catalog';
import { formatMoney } from '../../format/money';

export const PRODUCT_LISTBOX_ID = 'product-listbox';
export const productOptionId = (index: number) => `product-option-${index}`;

interface ProductListboxProps {
  /** The input the list belongs to. */
  anchorId: string;
  line: number;
  products: readonly Product[];
  active: number;
  onPick: (product: Product) => void;
  onHover: (index: number) => void;
}

interface Place {
  top: number;
  left: number;
  width: number;
}

function placeUnder(anchorId: string): Place | null {
  const anchor = document.getElementById(anchorId);
  if (!anchor) return null;
  const rect = anchor.getBoundingClientRect();
  return { top: rect.bottom + 2, left: rect.left, width: Math.max(rect.width, 440) };
}

export function ProductListbox({ anchorId, line, products, active, onPick, onHover }: ProductListboxProps): React.JSX.Element | null {
  const [place, setPlace] = useState<Place | null>(null);

  useLayoutEffect(() => {
    const update = () => setPlace(placeUnder(anchorId));
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [anchorId]);

  useLayoutEffect(() => {
    document.getElementById(productOptionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  if (!place) return null;
  return createPortal(
    <ul
      id={PRODUCT_LISTBOX_ID}
      role="listbox"
      aria-label={`Productos que coinciden, línea ${line + 1}`}
      className="product-listbox"
      style={{ top: place.top, left: place.left, width: place.width }}
      // Clicking an option must not take the focus away from the input.
      onMouseDown={(event) => event.preventDefault()}
    >
      {products.map((product, index) => (
        <li
          key={product.code}
          id={productOptionId(index)}
          role="option"
          aria-selected={index === active}
          className="product-listbox__option"
          onClick={() => onPick(product)}
          onMouseMove={() => onHover(index)}
        >
          <span className="product-listbox__description">{product.description}</span>
          <span className="product-listbox__price">{formatMoney(product.price)}</span>
          <span className="product-listbox__meta">
            <span className="mono">{product.code}</span> · {findEntry(UNITS, product.unit)?.label ?? product.unit}
            {product.affectation === '20' ? ' · Exonerado' : ''}
            {product.bag ? ' · Bolsa (ICBPER)' : ''}
          </span>
        </li>
      ))}
    </ul>,
    document.body,
  );
}
