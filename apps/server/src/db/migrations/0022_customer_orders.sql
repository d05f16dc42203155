CREATE TABLE "customer_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"sku" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"vendor_id" uuid,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"discount_input" jsonb,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"stock_taken" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customer_order_lines_quantity" CHECK ("customer_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"tender" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"cash_move_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_order_payments_amount" CHECK ("customer_order_payments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "customer_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"number" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"fulfilment" text NOT NULL,
	"register_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"due_on" date,
	"note" text DEFAULT '' NOT NULL,
	"order_discount" jsonb,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sale_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_orders_state" CHECK ("customer_orders"."state" in ('draft', 'confirmed', 'ready', 'completed', 'cancelled')),
	CONSTRAINT "customer_orders_fulfilment" CHECK ("customer_orders"."fulfilment" in ('pickup', 'delivery')),
	CONSTRAINT "customer_orders_amounts" CHECK ("customer_orders"."subtotal" >= 0 and "customer_orders"."discount" >= 0 and "customer_orders"."tax" >= 0 and "customer_orders"."total" >= 0),
	CONSTRAINT "customer_orders_paid" CHECK ("customer_orders"."paid" >= 0 and "customer_orders"."paid" <= "customer_orders"."total")
);
--> statement-breakpoint
ALTER TABLE "pos_orders" DROP CONSTRAINT "pos_orders_placement";--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_lines" ADD CONSTRAINT "customer_order_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_payments" ADD CONSTRAINT "customer_order_payments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_payments" ADD CONSTRAINT "customer_order_payments_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_payments" ADD CONSTRAINT "customer_order_payments_cash_move_id_pos_cash_moves_id_fk" FOREIGN KEY ("cash_move_id") REFERENCES "public"."pos_cash_moves"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_payments" ADD CONSTRAINT "customer_order_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_register_id_pos_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."pos_registers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_sale_id_pos_orders_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pos_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_lines_order_line_key" ON "customer_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "customer_order_payments_order_idx" ON "customer_order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_orders_org_number_key" ON "customer_orders" USING btree ("org_id","number");--> statement-breakpoint
CREATE INDEX "customer_orders_org_created_idx" ON "customer_orders" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_placement" CHECK ("pos_orders"."placement" in ('session', 'moved', 'held', 'customer_order'));