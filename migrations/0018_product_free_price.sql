-- 0018_product_free_price: "precio libre" per product. At the till a catalogue line typed below the
-- catalogue's price counts as a discount (same limit, same supervisor approval, recorded for the X and the Z),
-- unless the owner marked the product as one whose price the cashier sets freely (by weight of the day, a service,
-- a bargain market). 0, what every existing row gets, is the safe default: a lower price is a discount.
ALTER TABLE products ADD COLUMN free_price INTEGER NOT NULL DEFAULT 0 CHECK (free_price IN (0, 1));
