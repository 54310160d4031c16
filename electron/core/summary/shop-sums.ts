// Every till's sums for a range of Lima days, added up by the shop server's PostgreSQL from its copy of the
// documents, with the same rule of what a document counts as as the till's summary tables (migration 0034) and the
// shop's sales report (server/shop-documents.ts): a replaced document counts as nothing, a rejected or invalid one
// as not declared, notes apart, a sale whose void SUNAT accepted as voided. Amounts are NUMERIC(14,2) there: ×100 is
// exact, and the cents cross as text.
import type pg from 'pg';
import type { CashierSumRow, MethodSumRow, PeriodSums, ProductSumRow, SalesSumRow, SummaryKind } from './figures';

const KINDS = `WITH k AS (
  SELECT d.issue_date::text AS day, coalesce(substr(d.issued_at, 12, 2), '0')::int AS hour, left(d.currency, 8) AS currency,
    left(coalesce(d.cashier_name, '(sin cajero)'), 100) AS cashier, d.total, d.payments, d.payload,
    CASE
      WHEN EXISTS (SELECT 1 FROM documents r WHERE r.replaces = d.id_base_dato) THEN NULL
      WHEN d.status IN ('rejected', 'invalid') THEN 'not_declared'
      WHEN d.doc_type = '07' THEN 'return'
      WHEN d.doc_type = '08' THEN 'debit'
      WHEN d.void_status IS NOT DISTINCT FROM 'voided' THEN 'voided'
      ELSE 'sale'
    END AS kind
  FROM documents d WHERE d.issue_date BETWEEN $1::date AND $2::date)`;

const SALES = `${KINDS}
  SELECT day, hour, currency, kind, count(*)::int AS documents, sum(total * 100)::bigint::text AS cents
  FROM k WHERE kind IS NOT NULL GROUP BY day, hour, currency, kind`;

const CASHIERS = `${KINDS}
  SELECT currency, cashier, count(*)::int AS documents, sum(total * 100)::bigint::text AS cents
  FROM k WHERE kind = 'sale' GROUP BY currency, cashier`;

const METHODS = `${KINDS}
  SELECT currency, method, min(label) AS label, count(*)::int AS payments, sum(cents)::bigint::text AS cents FROM (
    SELECT k.currency, left(p->>'method', 20) AS method, left(p->>'label', 30) AS label, (p->>'applied')::numeric * 100 AS cents
      FROM k, jsonb_array_elements(k.payments) p WHERE k.kind = 'sale'
    UNION ALL
    SELECT k.currency, 'credito_venta', 'Al crédito (por cobrar)', k.total * 100 FROM k WHERE k.kind = 'sale' AND jsonb_array_length(k.payments) = 0
  ) m GROUP BY currency, method`;

const PRODUCTS = `${KINDS}
  SELECT k.currency, left(coalesce(l->>'cod_Producto', ''), 30) AS code, left(max(coalesce(l->>'descripcion', '')), 500) AS description,
    count(*)::int AS lines, sum(((l->>'monto_Valor_Venta')::numeric + coalesce((l->>'total_Impuestos')::numeric, 0)) * 100)::bigint::text AS cents
  FROM k, jsonb_array_elements(k.payload::jsonb -> 'detalle') l WHERE k.kind = 'sale'
  GROUP BY k.currency, 2`;

type Cents<T> = Omit<T, 'cents'> & { cents: string };
const num = <T extends { cents: number }>(r: Cents<T>): T => ({ ...r, cents: Number(r.cents) }) as unknown as T;

export async function shopSums(pool: pg.Pool, from: string, to: string): Promise<PeriodSums> {
  const values = [from, to];
  const [sales, cashiers, methods, products] = await Promise.all([
    pool.query<Cents<SalesSumRow> & { kind: SummaryKind }>({ name: 'caja_summary_sales', text: SALES, values }),
    pool.query<Cents<CashierSumRow>>({ name: 'caja_summary_cashiers', text: CASHIERS, values }),
    pool.query<Cents<MethodSumRow>>({ name: 'caja_summary_methods', text: METHODS, values }),
    pool.query<Cents<ProductSumRow>>({ name: 'caja_summary_products', text: PRODUCTS, values }),
  ]);
  return { sales: sales.rows.map((r) => num<SalesSumRow>(r)), cashiers: cashiers.rows.map((r) => num<CashierSumRow>(r)), methods: methods.rows.map((r) => num<MethodSumRow>(r)), products: products.rows.map((r) => num<ProductSumRow>(r)) };
}
