ALTER TABLE "product_facet_groups" ADD COLUMN "price_band" smallint;--> statement-breakpoint
-- Existing groups are rebuilt with their price band (as refreshFacetGroups does).
DELETE FROM "product_facet_groups";--> statement-breakpoint
INSERT INTO "product_facet_groups" (category_id, group_ids, brand, prop_color, prop_rom, grades_in_stock, in_stock, on_sale, n, price_min, price_max, price_band)
  SELECT category_id, min(group_ids), brand, prop_color, prop_rom, grades_in_stock, price_min IS NOT NULL, on_sale, count(*), min(price_min), max(price_min),
         width_bucket(price_min, array[1000,2500,5000,10000,20000,35000,50000,75000,100000,150000,250000]::int[])
  FROM "products"
  GROUP BY category_id, brand, prop_color, prop_rom, grades_in_stock, price_min IS NOT NULL, on_sale,
           width_bucket(price_min, array[1000,2500,5000,10000,20000,35000,50000,75000,100000,150000,250000]::int[]);
