-- products.category_ids follows product_categories (decision 016). Since 0025 the statement trigger updated each
-- changed product in its own loop iteration: two statements per product, and an UPDATE of products (14 indexes)
-- started and ended per product. An import writes 500 new products a batch whose category_ids are already right, so
-- the trigger changed nothing and still cost about 57 µs a row (a batch's 500 category rows: 41 ms with it, 12.7 ms
-- without). One UPDATE now covers the statement's products, each read by its primary key through the unnest of their
-- ids: the join is sized by the array, not by products, so products is never scanned for it (18.6 ms for the same
-- 500 rows; one product's category rows on the 1,000,000-product fixture, 1.3-5.3 ms with the list item rebuilt).
CREATE OR REPLACE FUNCTION public.products_sync_category_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pids uuid[];
BEGIN
  pids := array(SELECT DISTINCT product_id FROM changed);
  UPDATE public.products p SET category_ids = x.ids
    FROM (SELECT u.pid,
                 coalesce((SELECT array_agg(pc.category_id ORDER BY pc.category_id) FROM public.product_categories pc
                            WHERE pc.product_id = u.pid), '{}') AS ids
            FROM unnest(pids) AS u(pid)) x
    WHERE p.id = x.pid AND p.category_ids IS DISTINCT FROM x.ids;
  RETURN NULL;
END $$;
