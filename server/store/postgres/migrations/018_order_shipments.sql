-- The parcels an order was sent in (carrier, tracking number, day shipped), as WooCommerce's Shipment Tracking keeps
-- them: a list that belongs to the order and is read and written with it.
ALTER TABLE orders ADD COLUMN shipments jsonb NOT NULL DEFAULT '[]';
