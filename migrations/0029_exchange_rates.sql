-- 0029_exchange_rates: dollar sales. The day's exchange rate (soles per US dollar, SUNAT's "venta" rate), one row per
-- Lima calendar day: typed by the owner or cashier (offline) or fetched from the provider's exchange-rate operation.
-- Decimals as text, never floats. A dollar document keeps the rate it was converted at, so a reprint, the A4 and
-- the accountant's export show the rate of its day even after the day's rate is corrected.
CREATE TABLE exchange_rates (
  day TEXT PRIMARY KEY NOT NULL,
  sell TEXT NOT NULL,
  buy TEXT,
  source TEXT NOT NULL CHECK (source IN ('manual', 'provider')),
  set_by TEXT,
  updated_at TEXT NOT NULL
);

ALTER TABLE documents ADD COLUMN exchange_rate TEXT;
