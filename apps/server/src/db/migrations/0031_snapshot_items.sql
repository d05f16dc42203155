CREATE TABLE "catalog_snapshot_items" (
	"snapshot_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"item" jsonb NOT NULL,
	CONSTRAINT "catalog_snapshot_items_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position")
);
--> statement-breakpoint
ALTER TABLE "catalog_snapshots" ADD COLUMN "added_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_snapshots" ADD COLUMN "removed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_snapshots" ADD COLUMN "changed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_snapshot_items" ADD CONSTRAINT "catalog_snapshot_items_snapshot_id_catalog_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."catalog_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_snapshot_items" ADD CONSTRAINT "catalog_snapshot_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_snapshot_items_product_key" ON "catalog_snapshot_items" USING btree ("snapshot_id","product_id");--> statement-breakpoint
CREATE INDEX "catalog_snapshot_items_org_idx" ON "catalog_snapshot_items" USING btree ("org_id");--> statement-breakpoint
-- The items stored until now (kept in feed order) move to a row each, and the counts come from the stored diffs.
INSERT INTO "catalog_snapshot_items" ("snapshot_id", "org_id", "position", "product_id", "sku", "item")
SELECT s."id", s."org_id", e.n - 1, (e.item ->> 'id')::uuid, e.item ->> 'sku', e.item
FROM "catalog_snapshots" s, jsonb_array_elements(s."items") WITH ORDINALITY AS e(item, n);--> statement-breakpoint
UPDATE "catalog_snapshots" SET
	"added_count" = jsonb_array_length("diff" -> 'added'),
	"removed_count" = jsonb_array_length("diff" -> 'removed'),
	"changed_count" = jsonb_array_length("diff" -> 'changed');
