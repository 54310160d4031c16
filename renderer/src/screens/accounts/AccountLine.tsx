// The customer's account at the till, once the customer is chosen: one small line, "Debe S/ x · Límite S/ y", so the
// cashier knows before selling on credit. Nothing shows for a customer without an account.
import { useEffect, useState } from 'react';
import type { CustomerAccount } from '../../../../shared/bridge';
import { call } from '../../pos';
import { accountLineText } from './account-text';

/** A DNI (8 digits) or a RUC (11): a customer worth looking up. */
const complete = (docType: string, docNumber: string) => (docType === '1' && /^\d{8}$/.test(docNumber)) || (docType === '6' && /^\d{11}$/.test(docNumber)) || ((docType === '4' || docType === '7') && docNumber.length >= 6);

export function AccountLine({ docType, docNumber }: { docType: string; docNumber: string }): React.JSX.Element | null {
  const [found, setFound] = useState<{ key: string; account: CustomerAccount } | null>(null);
  const number = docNumber.trim();
  const key = `${docType}|${number}`;
  useEffect(() => {
    if (!complete(docType, number)) return;
    let current = true;
    void call((api) => api.getCustomerAccount({ customer: { docType, docNumber: number }, limit: 1 })).then((result) => {
      if (current && result.ok) setFound({ key: `${docType}|${number}`, account: result.value });
    });
    return () => {
      current = false;
    };
  }, [docType, number]);
  // The account of another customer (the number changed since) never shows.
  const account = found?.key === key ? found.account : null;
  const text = account ? accountLineText(account) : null;
  if (!text) return null;
  return (
    <p className={`note${account && account.overdue !== '0.00' ? ' note--warning' : ''}`} role="status" data-testid="customer-account-line">
      {text}
    </p>
  );
}
