// Add or edit one product. Checked with the bridge's own schema before the call; the core's field errors (a code
// already taken) land on their fields. Esc or Cancelar closes without saving.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import {
  allowsDecimalQuantity,
  PRODUCT_CATEGORY_MAX,
  ProductInputSchema,
  sellsWholeUnits,
  type Product,
  type ProductInput,
  type ProductInputParsed,
} from '../../../../shared/bridge';
import { UNITS } from '../../../../shared/catalog';
import { CheckboxField, Field, fieldAria } from '../../components/Field';
import { priceInputText } from '../../format/money';
import { call } from '../../pos';

interface ProductEditorProps {
  /** The product to edit, or null for a new one. */
  product: Product | null;
  onSaved: (product: Product, created: boolean) => void;
  onCancel: () => void;
}

const EMPTY: ProductInput = {
  code: '', description: '', unit: 'NIU', price: '', affectation: '10', bag: false, active: true, wholeUnits: true, freePrice: false,
  category: '',
};
const FIELDS = new Set(['code', 'description', 'unit', 'price', 'affectation', 'bag', 'active', 'wholeUnits', 'freePrice', 'category']);

function valuesOf(product: Product | null): ProductInput {
  if (!product) return EMPTY;
  const { code, description, unit, price, affectation, bag, active, wholeUnits, freePrice, category } = product;
  return { code, description, unit, price: priceInputText(price), affectation, bag, active, wholeUnits, freePrice, category };
}

/** The categories other products have, for the field's list to pick from (an old list is only a suggestion). */
function useCategoriesInUse(): string[] {
  const [categories, setCategories] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void call((api) => api.listProductCategories({})).then((result) => {
      if (live && result.ok) setCategories(result.value);
    });
    return () => {
      live = false;
    };
  }, []);
  return categories;
}

export function ProductEditor({ product, onSaved, onCancel }: ProductEditorProps): React.JSX.Element {
  const { register, handleSubmit, formState, setError, control, setFocus, setValue, getFieldState } = useForm<ProductInput, unknown, ProductInputParsed>({
    defaultValues: valuesOf(product),
    resolver: zodResolver(ProductInputSchema),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const categories = useCategoriesInUse();
  const [unit, bag, wholeUnits] = useWatch({ control, name: ['unit', 'bag', 'wholeUnits'] });
  const e = formState.errors;
  const title = product ? 'Editar producto' : 'Nuevo producto';
  const unitHint = allowsDecimalQuantity({ unit: String(unit), bag: bag === true, wholeUnits: wholeUnits ?? null })
    ? 'La cantidad admite decimales (ej. 0.75)'
    : 'Se vende por unidades enteras';

  // Choosing another unit proposes its usual rule (kg: decimals; a unit: whole), unless the flag was set by hand.
  const shownUnit = useRef(unit);
  useEffect(() => {
    if (shownUnit.current === unit) return;
    shownUnit.current = unit;
    if (!getFieldState('wholeUnits').isDirty) setValue('wholeUnits', sellsWholeUnits({ unit: String(unit) }));
  }, [unit, getFieldState, setValue]);

  useEffect(() => setFocus(product ? 'description' : 'code'), [product, setFocus]);

  const save = async (input: ProductInputParsed) => {
    setFailure(null);
    const result = await call((api) => api.saveProduct({ ...input, ...(product ? { originalCode: product.code } : {}) }));
    if (result.ok) {
      onSaved(result.value, product === null);
      return;
    }
    const unplaced: string[] = [];
    let first = true;
    for (const field of result.error.fields ?? []) {
      if (FIELDS.has(field.path)) {
        setError(field.path as Path<ProductInput>, { type: 'server', message: field.message }, { shouldFocus: first });
        first = false;
      } else unplaced.push(field.message);
    }
    setFailure([result.error.message, ...unplaced].join(' '));
  };

  return (
    <section className="panel products__editor" aria-labelledby="product-editor-title">
      <h2 id="product-editor-title">{title}</h2>
      <form
        className="settings__grid"
        noValidate
        aria-labelledby="product-editor-title"
        onSubmit={handleSubmit(save)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      >
        <Field id="product-code" label="Código (barras o interno)" error={e.code?.message} className="settings__wide">
          <input {...fieldAria('product-code', e.code?.message)} {...register('code')} autoComplete="off" spellCheck={false} />
        </Field>
        <Field id="product-description" label="Descripción" error={e.description?.message} className="settings__wide">
          <input {...fieldAria('product-description', e.description?.message)} {...register('description')} autoComplete="off" />
        </Field>
        <Field id="product-category" label="Categoría (opcional)" error={e.category?.message} hint="Ej.: Abarrotes, Bebidas, Lácteos">
          <input
            {...fieldAria('product-category', e.category?.message, 'Ej.: Abarrotes, Bebidas, Lácteos')}
            {...register('category')}
            list="product-category-list"
            autoComplete="off"
            maxLength={PRODUCT_CATEGORY_MAX}
          />
        </Field>
        <datalist id="product-category-list">
          {categories.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Field id="product-unit" label="Unidad de medida" error={e.unit?.message} hint={unitHint}>
          <select {...fieldAria('product-unit', e.unit?.message, unitHint)} {...register('unit')}>
            {UNITS.map((u) => (
              <option key={u.code} value={u.code}>
                {u.label} ({u.code})
              </option>
            ))}
          </select>
        </Field>
        <Field id="product-price" label="Precio con IGV" error={e.price?.message}>
          <input
            {...fieldAria('product-price', e.price?.message)}
            {...register('price', { setValueAs: (v: unknown) => (typeof v === 'string' ? v.trim().replace(',', '.') : v) })}
            inputMode="decimal"
            autoComplete="off"
          />
        </Field>
        <Field id="product-affectation" label="Afectación del IGV" error={e.affectation?.message}>
          <select {...fieldAria('product-affectation', e.affectation?.message)} {...register('affectation')}>
            <option value="10">Gravado (10)</option>
            <option value="20">Exonerado (20)</option>
          </select>
        </Field>
        <CheckboxField id="product-bag" label="Bolsa plástica (paga ICBPER)">
          <input id="product-bag" type="checkbox" {...register('bag')} />
        </CheckboxField>
        <CheckboxField id="product-wholeUnits" label="Se vende por unidades enteras (la caja no acepta decimales)">
          <input id="product-wholeUnits" type="checkbox" {...register('wholeUnits')} aria-invalid={Boolean(e.wholeUnits)} />
        </CheckboxField>
        {e.wholeUnits ? (
          <p className="field__error settings__wide" role="alert">
            {e.wholeUnits.message}
          </p>
        ) : null}
        <CheckboxField id="product-freePrice" label="Precio libre (un precio menor en la caja no cuenta como descuento)">
          <input id="product-freePrice" type="checkbox" {...register('freePrice')} />
        </CheckboxField>
        <CheckboxField id="product-active" label="Activo (se puede vender)">
          <input id="product-active" type="checkbox" {...register('active')} />
        </CheckboxField>
        {failure ? (
          <p className="form-error settings__wide" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="settings__actions products__editor-actions">
          <button type="submit" className="button--primary" disabled={formState.isSubmitting}>
            Guardar producto
          </button>
          <button type="button" onClick={onCancel}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  );
}
