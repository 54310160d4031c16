// The catalogue as a table: prices with IGV shown with 2 decimals, one row per product with its actions.
import type { Product } from '../../../../shared/bridge';
import { findEntry, UNITS } from '../../../../shared/catalog';
import { formatAmount } from '../../format/money';

interface ProductTableProps {
  rows: readonly Product[];
  /** The code of the product open in the editor. */
  editing: string | null;
  onEdit: (product: Product) => void;
  onToggleActive: (product: Product) => void;
}

export function ProductTable({ rows, editing, onEdit, onToggleActive }: ProductTableProps): React.JSX.Element {
  if (rows.length === 0) return <p className="empty">No hay productos con esta búsqueda.</p>;
  return (
    <div className="products__scroll">
      <table className="simple-table products__table">
        <caption className="visually-hidden">Productos</caption>
        <thead>
          <tr>
            <th scope="col">Código</th>
            <th scope="col">Descripción</th>
            <th scope="col">Categoría</th>
            <th scope="col">Unidad</th>
            <th scope="col" className="num">
              Precio con IGV
            </th>
            <th scope="col">IGV</th>
            <th scope="col">Bolsa</th>
            <th scope="col">Estado</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((product) => (
            <tr
              key={product.code}
              className={`${product.active ? '' : 'products__row--inactive'}${product.code === editing ? ' products__row--editing' : ''}`}
            >
              <td className="mono">{product.code}</td>
              <th scope="row" className="products__description">
                {product.description}
              </th>
              <td>{product.category || '—'}</td>
              <td>{findEntry(UNITS, product.unit)?.label ?? product.unit}</td>
              <td className="num">{formatAmount(product.price)}</td>
              <td>{product.affectation === '20' ? 'Exonerado' : 'Gravado'}</td>
              <td>{product.bag ? 'Sí' : '—'}</td>
              <td>{product.active ? 'Activo' : <span className="products__inactive">Inactivo</span>}</td>
              <td className="products__actions-cell">
                <button type="button" className="button--link" aria-label={`Editar ${product.description}`} onClick={() => onEdit(product)}>
                  Editar
                </button>
                <button
                  type="button"
                  className="button--link"
                  aria-label={`${product.active ? 'Desactivar' : 'Reactivar'} ${product.description}`}
                  onClick={() => onToggleActive(product)}
                >
                  {product.active ? 'Desactivar' : 'Reactivar'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
