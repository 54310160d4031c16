// A customer's account worked out from every till's entries (the till's own and those pulled from the shop server),
// the same way at every till and for the server's entries: so every till holds the same balance, dues and credit in
// favour whatever order the entries arrived in. The entries are taken in one order, by when they happened and then by
// uid; in that order:
// - a charge's total raises the balance and its dues open; credit in favour the customer had pays them first;
// - a credit (a collection, a note, a void) lowers the balance and goes first to the dues of the document it names
//   (a collection: the one the cashier picked, if any), then, but for a note, to the oldest open due; what is left
//   stays in favour;
// - two tills that collected the same cuota at once both keep their money: the later one in that order finds the
//   cuota paid and goes to what is next, or stays in favour, and says so.
// Sums in exact cents.
import type { AccountEntryKind } from '../../../shared/bridge/accounts';

export interface SettleDue {
  position: number;
  amount: string;
  dueDate: string;
}

export interface SettleEntry {
  uid: string;
  at: string;
  kind: AccountEntryKind;
  /** Signed: positive for a charge. */
  amount: string;
  /** The terminal it happened at. */
  till: string;
  /** The id_Base_Dato of the document it goes to first (a charge: its own sale). */
  appliesTo: string | null;
  /** A charge's dues, as SUNAT received them. */
  dues: readonly SettleDue[];
  /** A collection: the due its own till applied it to first (the document's key and the cuota), as that till saw it. */
  intended?: { key: string; position: number } | null;
}

export interface SettledApplication {
  /** The charge's uid and the cuota. */
  charge: string;
  position: number;
  amount: string;
}

export interface SettledEntry {
  balance: string;
  leftInFavour: string;
  applied: SettledApplication[];
  /** Said when another till's collection, earlier in the order, had paid the cuota this one went to at its till. */
  note: string | null;
}

export interface SettledDue {
  charge: string;
  position: number;
  settled: string;
  open: boolean;
}

export interface SettledAccount {
  balance: string;
  inFavour: string;
  entries: Map<string, SettledEntry>;
  dues: SettledDue[];
}

export const TAKEN_TO_NEXT = 'Otra caja cobró esta cuota antes: se aplicó a la siguiente.';
export const TAKEN_TO_FAVOUR = 'Otra caja cobró esta cuota antes: quedó a favor del cliente.';

interface Open {
  charge: string;
  key: string | null;
  order: number;
  position: number;
  dueDate: string;
  amount: bigint;
  settled: bigint;
  /** The tills whose collections were applied to it. */
  collectedBy: Set<string>;
}

/** The order every till settles entries in. */
export const byOrder = (a: Pick<SettleEntry, 'at' | 'uid'>, b: Pick<SettleEntry, 'at' | 'uid'>): number =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;

export function settle(entries: readonly SettleEntry[]): SettledAccount {
  const ordered = [...entries].sort(byOrder);
  const dues: Open[] = [];
  // By document key, and those still open oldest first (kept small: a paid due leaves it), so a long account costs
  // each credit only what is open, not its whole history.
  const byKey = new Map<string, Open[]>();
  let open: Open[] = [];
  const oldestFirst = (a: Open, b: Open) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.order - b.order || a.position - b.position);
  const out = new Map<string, SettledEntry>();
  let balance = 0n;
  let favour = 0n;
  ordered.forEach((e, order) => {
    const amount = cents(e.amount);
    balance += amount;
    const applied: SettledApplication[] = [];
    const apply = (targets: Iterable<Open>, money: bigint): bigint => {
      let left = money;
      for (const due of targets) {
        if (left <= 0n) break;
        const open = due.amount - due.settled;
        if (open <= 0n) continue;
        const take = open < left ? open : left;
        due.settled += take;
        if (e.kind === 'collection') due.collectedBy.add(e.till);
        left -= take;
        applied.push({ charge: due.charge, position: due.position, amount: text(take) });
      }
      return left;
    };
    let note: string | null = null;
    let leftHere = 0n;
    if (e.kind === 'charge') {
      const own = [...e.dues].sort((a, b) => a.position - b.position).map((d): Open => ({
        charge: e.uid, key: e.appliesTo, order, position: d.position, dueDate: d.dueDate, amount: cents(d.amount), settled: 0n, collectedBy: new Set(),
      }));
      dues.push(...own);
      if (e.appliesTo !== null) byKey.set(e.appliesTo, [...(byKey.get(e.appliesTo) ?? []), ...own]);
      for (const due of own) {
        // Kept oldest first by a binary search: a new charge's dues are usually the latest.
        let lo = 0;
        let hi = open.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (oldestFirst(open[mid]!, due) < 0) lo = mid + 1;
          else hi = mid;
        }
        open.splice(lo, 0, due);
      }
      if (favour > 0n) favour = apply(own, favour);
    } else {
      const first = e.appliesTo === null ? [] : (byKey.get(e.appliesTo) ?? []);
      const meant = e.kind === 'collection' && e.intended ? byKey.get(e.intended.key)?.find((d) => d.position === e.intended!.position) : undefined;
      const takenByOther = meant !== undefined && meant.settled >= meant.amount && [...meant.collectedBy].some((t) => t !== e.till);
      // Paid dues leave the open list now and then, not on every credit.
      let paid = 0;
      while (paid < open.length && open[paid]!.settled >= open[paid]!.amount) paid += 1;
      if (paid > 0) open = open.slice(paid);
      leftHere = apply(first, -amount);
      if (leftHere > 0n && e.kind !== 'note') leftHere = apply(open, leftHere);
      favour += leftHere;
      if (takenByOther) note = applied.length > 0 ? TAKEN_TO_NEXT : TAKEN_TO_FAVOUR;
    }
    out.set(e.uid, { balance: text(balance), leftInFavour: text(leftHere), applied, note });
  });
  return {
    balance: text(balance),
    inFavour: text(favour),
    entries: out,
    dues: dues.map((d) => ({ charge: d.charge, position: d.position, settled: text(d.settled), open: d.settled < d.amount })),
  };
}

/** '12.50' → 1250n; the ledger writes every amount with 2 decimals. */
export function cents(amount: string): bigint {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`account amount not in cents: ${amount}`);
  const value = BigInt(m[2]!) * 100n + BigInt(m[3]!);
  return m[1] ? -value : value;
}

export function text(c: bigint): string {
  const sign = c < 0n ? '-' : '';
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
