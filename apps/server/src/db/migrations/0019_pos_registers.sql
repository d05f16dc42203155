CREATE TABLE "pos_registers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location_id" uuid,
	"opening_float" bigint DEFAULT 0 NOT NULL,
	"tenders" text[] DEFAULT '{cash}'::text[] NOT NULL,
	"receipt_header_en" text DEFAULT '' NOT NULL,
	"receipt_header_ar" text DEFAULT '' NOT NULL,
	"receipt_footer_en" text DEFAULT '' NOT NULL,
	"receipt_footer_ar" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_registers_opening_float" CHECK ("pos_registers"."opening_float" >= 0),
	CONSTRAINT "pos_registers_tenders" CHECK (cardinality("pos_registers"."tenders") > 0 and "pos_registers"."tenders" <@ array['cash', 'card', 'bank_transfer', 'voucher', 'other']::text[]),
	CONSTRAINT "pos_registers_status" CHECK ("pos_registers"."status" in ('active', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "pos_registers" ADD CONSTRAINT "pos_registers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_registers" ADD CONSTRAINT "pos_registers_location_id_market_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."market_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_registers_org_name_key" ON "pos_registers" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pos_registers_location_idx" ON "pos_registers" USING btree ("location_id");