// Inventario by category: the filter that narrows the list (and a count) to one category, and the stock value of
// each category, so the owner reads where the money on the shelf is.
import type { StockRow } from '../../../../shared/bridge';
import { Field } from '../../components/Field';
import { categoriesOf, categoryLabel, valueByCategory } from './by-category';

/** The select's values: 'all', or 'c:' and the category ('' is a category of its own, "Sin categoría"). */
const ALL = 'all';
const optionOf = (category: string) => `c:${category}`;

export function CategoryFilter({ rows, category, onChange }: {
  rows: readonly StockRow[];
  category: string | null;
  onChange: (category: string | null) => void;
}): React.JSX.Element {
  const categories = categoriesOf(rows);
  return (
    <Field id="stock-category" label="Categoría">
      <select id="stock-category" value={category === null ? ALL : optionOf(category)}
        onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value.slice(2))}>
        <option value={ALL}>Todas</option>
        {categories.map((c) => (
          <option key={c} value={optionOf(c)}>
            {categoryLabel(c)}
          </option>
        ))}
        {category !== null && !categories.includes(category) ? <option value={optionOf(category)}>{categoryLabel(category)}</option> : null}
      </select>
    </Field>
  );
}

export function CategoryValues({ rows }: { rows: readonly StockRow[] }): React.JSX.Element | null {
  const values = valueByCategory(rows);
  if (values.length === 0) return null;
  return (
    <table className="simple-table stock__categories" data-testid="stock-by-category">
      <caption>Valor del stock por categoría</caption>
      <thead>
        <tr>
          <th scope="col">Categoría</th>
          <th scope="col" className="num">Productos</th>
          <th scope="col" className="num">Valor (S/)</th>
        </tr>
      </thead>
      <tbody>
        {values.map((v) => (
          <tr key={v.category}>
            <th scope="row">{categoryLabel(v.category)}</th>
            <td className="num">{v.products}</td>
            <td className="num">{v.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
