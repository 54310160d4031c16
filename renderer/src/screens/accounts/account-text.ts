// How an account reads in one line, at the till and in Cuentas.
import { Dec } from '../../../../shared/billing/decimal';
import type { CustomerAccount } from '../../../../shared/bridge';

/** "Debe S/ 120.00 · Límite S/ 500.00 · Vencido S/ 50.00"; null for a customer with no account at all. */
export function accountLineText(a: CustomerAccount): string | null {
  if (a.limit === null && a.balance === '0.00' && a.entries.length === 0) return null;
  const balance = new Dec(a.balance);
  const parts = [balance.isNegative() ? `A favor S/ ${balance.neg().toFixed(2)}` : `Debe S/ ${a.balance}`, a.limit === null ? 'Sin límite' : `Límite S/ ${a.limit}`];
  if (a.overdue !== '0.00') parts.push(`Vencido S/ ${a.overdue}`);
  return parts.join(' · ');
}

/** An instant as dd/mm/aaaa in Lima. */
export const limaDay = (iso: string): string => {
  const lima = new Date(Date.parse(iso) - 5 * 3_600_000).toISOString();
  return `${lima.slice(8, 10)}/${lima.slice(5, 7)}/${lima.slice(0, 4)}`;
};

/** YYYY-MM-DD as dd/mm/aaaa. */
export const dayText = (day: string): string => day.split('-').reverse().join('/');
