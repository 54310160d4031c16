// Productos: the catalogue the till sells from. Search as you type, add, edit, deactivate or reactivate, import and
// export as CSV.
import { useState } from 'react';
import type { Product } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { CheckboxField, Field } from '../../components/Field';
import { downloadText } from '../../components/download';
import { call } from '../../pos';
import { ImportButton, ImportPanel, useProductImport } from './ProductImport';
import { ProductEditor } from './ProductEditor';
import { ProductTable } from './ProductTable';
import { useProductList } from './useProductList';

type Editing = { product: Product | null } | null;
type Message = { tone: 'success' | 'error'; text: string; undo?: Product } | null;

function focusSearch(): void {
  requestAnimationFrame(() => document.getElementById('products-search')?.focus());
}

export function ProductsScreen(): React.JSX.Element {
  const list = useProductList();
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<Message>(null);
  const importer = useProductImport({ onImported: list.reload });

  const startEditing = (product: Product | null) => {
    setEditing({ product });
    setMessage(null);
  };

  const setActive = async (product: Product, active: boolean) => {
    const result = await call((api) => api.setProductActive({ code: product.code, active }));
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    setMessage(
      active
        ? { tone: 'success', text: `«${product.description}» está activo otra vez: se puede vender.` }
        : { tone: 'success', text: `«${product.description}» desactivado: ya no aparece en la venta.`, undo: result.value },
    );
    list.reload();
  };

  const exportCsv = async () => {
    const result = await call((api) => api.exportProducts({}));
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    downloadText(result.value.csv, result.value.fileName, 'text/csv');
    setMessage({ tone: 'success', text: `Exportado: ${result.value.fileName}` });
  };

  const shown = list.rows.length;
  const total = list.total;
  return (
    <section id="screen-products" className="screen products" aria-labelledby="products-title" tabIndex={-1}>
      <div className="screen__head">
        <h1 id="products-title">Productos</h1>
        <div className="products__toolbar">
          <button type="button" className="button--primary" onClick={() => startEditing(null)}>
            Nuevo producto
          </button>
          <ImportButton busy={importer.busy} progress={importer.progress} onChosen={(input) => void importer.chosen(input)} />
          <button type="button" onClick={() => void exportCsv()}>
            Exportar CSV
          </button>
        </div>
      </div>
      {message ? (
        <Alert tone={message.tone}>
          {message.text}
          {message.undo ? (
            <>
              {' '}
              <button type="button" className="button--link" onClick={() => message.undo && void setActive(message.undo, true)}>
                Deshacer
              </button>
            </>
          ) : null}
        </Alert>
      ) : null}
      <ImportPanel control={importer} />
      {list.error ? <Alert tone="error" title="No se pudo leer el catálogo">{list.error}</Alert> : null}
      <div className={`products__body${editing ? ' products__body--editing' : ''}`}>
        <div className="products__main">
          <form className="products__search" role="search" aria-label="Buscar productos" onSubmit={(event) => event.preventDefault()}>
            <Field id="products-search" label="Buscar por descripción o código">
              <input
                id="products-search"
                type="search"
                value={list.text}
                onChange={(event) => list.setText(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="Ej.: leche gloria, 7751…"
              />
            </Field>
            <CheckboxField id="products-inactive" label="Mostrar inactivos">
              <input
                id="products-inactive"
                type="checkbox"
                checked={list.includeInactive}
                onChange={(event) => list.setIncludeInactive(event.target.checked)}
              />
            </CheckboxField>
            <p className="products__count" role="status" data-testid="products-count">
              {total === null ? 'Cargando…' : shown < total ? `Mostrando ${shown} de ${total} productos` : `${total} ${total === 1 ? 'producto' : 'productos'}`}
            </p>
          </form>
          <ProductTable
            rows={list.rows}
            editing={editing?.product?.code ?? null}
            onEdit={startEditing}
            onToggleActive={(product) => void setActive(product, !product.active)}
          />
          {list.canShowMore ? (
            <button type="button" className="button--link" onClick={list.showMore}>
              Mostrar más
            </button>
          ) : total !== null && shown < total ? (
            <p className="muted">Escriba en la búsqueda para encontrar los demás.</p>
          ) : null}
        </div>
        {editing ? (
          <ProductEditor
            key={editing.product ? `edit:${editing.product.code}` : 'new'}
            product={editing.product}
            onCancel={() => {
              setEditing(null);
              focusSearch();
            }}
            onSaved={(product, created) => {
              setEditing(null);
              setMessage({ tone: 'success', text: `${created ? 'Producto creado' : 'Producto guardado'}: ${product.description}` });
              list.reload();
              focusSearch();
            }}
          />
        ) : null}
      </div>
    </section>
  );
}
