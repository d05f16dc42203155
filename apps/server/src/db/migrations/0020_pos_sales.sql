CREATE TABLE "pos_cash_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_cash_moves_amount" CHECK ("pos_cash_moves"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "pos_commission_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"vendor_id" uuid,
	"category_id" uuid,
	"kind" text NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"minimum" bigint DEFAULT 0 NOT NULL,
	"maximum" bigint,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_commission_rules_kind" CHECK ("pos_commission_rules"."kind" in ('percentage', 'flat')),
	CONSTRAINT "pos_commission_rules_amounts" CHECK ("pos_commission_rules"."rate_bp" between 0 and 10000 and "pos_commission_rules"."amount" >= 0 and "pos_commission_rules"."minimum" >= 0 and ("pos_commission_rules"."maximum" is null or "pos_commission_rules"."maximum" >= "pos_commission_rules"."minimum"))
);
--> statement-breakpoint
CREATE TABLE "pos_order_lines" (
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
	"category_id" uuid,
	"sold_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"list_price" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"commission_rule_id" uuid,
	"sold_past_zero" boolean DEFAULT false NOT NULL,
	"original_line_id" uuid,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"restocked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pos_order_lines_quantity" CHECK ("pos_order_lines"."quantity" > 0 and "pos_order_lines"."returned_quantity" between 0 and "pos_order_lines"."quantity"),
	CONSTRAINT "pos_order_lines_amounts" CHECK ("pos_order_lines"."total" >= 0 and "pos_order_lines"."discount" >= 0 and "pos_order_lines"."tax" >= 0 and "pos_order_lines"."commission" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pos_order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"tender" text NOT NULL,
	"amount" bigint NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	CONSTRAINT "pos_order_payments_amounts" CHECK ("pos_order_payments"."amount" > 0 and "pos_order_payments"."change" >= 0 and "pos_order_payments"."change" <= "pos_order_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "pos_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"register_id" uuid NOT NULL,
	"session_id" uuid,
	"placement" text DEFAULT 'session' NOT NULL,
	"original_order_id" uuid,
	"receipt_number" text NOT NULL,
	"request_hash" text NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cashier_id" uuid,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"vendor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tenders" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "pos_orders_kind" CHECK ("pos_orders"."kind" in ('sale', 'return')),
	CONSTRAINT "pos_orders_placement" CHECK ("pos_orders"."placement" in ('session', 'moved', 'held')),
	CONSTRAINT "pos_orders_amounts" CHECK ("pos_orders"."subtotal" >= 0 and "pos_orders"."discount" >= 0 and "pos_orders"."tax" >= 0 and "pos_orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pos_session_totals" (
	"session_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"sold" bigint DEFAULT 0 NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pos_session_totals_session_id_dimension_key_pk" PRIMARY KEY("session_id","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "pos_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"register_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float" bigint DEFAULT 0 NOT NULL,
	"opening_note" text DEFAULT '' NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"closing_note" text DEFAULT '' NOT NULL,
	"sale_count" integer DEFAULT 0 NOT NULL,
	"return_count" integer DEFAULT 0 NOT NULL,
	"gross_sales" bigint DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL,
	"discounts" bigint DEFAULT 0 NOT NULL,
	"taxes" bigint DEFAULT 0 NOT NULL,
	"cash_in" bigint DEFAULT 0 NOT NULL,
	"cash_out" bigint DEFAULT 0 NOT NULL,
	"cash_sales" bigint DEFAULT 0 NOT NULL,
	"closing" jsonb,
	"z_report" jsonb,
	CONSTRAINT "pos_sessions_status" CHECK ("pos_sessions"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "vendor_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"paid_on" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_payouts_amount" CHECK ("vendor_payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" DROP CONSTRAINT "vendor_ledger_entries_sign";--> statement-breakpoint
ALTER TABLE "pos_registers" ADD COLUMN "allow_negative_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_cash_moves" ADD CONSTRAINT "pos_cash_moves_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_cash_moves" ADD CONSTRAINT "pos_cash_moves_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_cash_moves" ADD CONSTRAINT "pos_cash_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_commission_rules" ADD CONSTRAINT "pos_commission_rules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_commission_rules" ADD CONSTRAINT "pos_commission_rules_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_commission_rules" ADD CONSTRAINT "pos_commission_rules_category_id_catalog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_commission_rules" ADD CONSTRAINT "pos_commission_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_order_id_pos_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pos_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_category_id_catalog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_payments" ADD CONSTRAINT "pos_order_payments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_payments" ADD CONSTRAINT "pos_order_payments_order_id_pos_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pos_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_register_id_pos_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."pos_registers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_session_totals" ADD CONSTRAINT "pos_session_totals_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_register_id_pos_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."pos_registers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payouts" ADD CONSTRAINT "vendor_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_cash_moves_session_idx" ON "pos_cash_moves" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_commission_rules_scope_key" ON "pos_commission_rules" USING btree ("org_id",coalesce("vendor_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("category_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "pos_order_lines_order_line_key" ON "pos_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "pos_order_lines_org_sold_idx" ON "pos_order_lines" USING btree ("org_id","sold_at");--> statement-breakpoint
CREATE INDEX "pos_order_lines_vendor_sold_idx" ON "pos_order_lines" USING btree ("org_id","vendor_id","sold_at");--> statement-breakpoint
CREATE INDEX "pos_order_lines_original_idx" ON "pos_order_lines" USING btree ("original_line_id");--> statement-breakpoint
CREATE INDEX "pos_order_payments_order_idx" ON "pos_order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_orders_register_receipt_key" ON "pos_orders" USING btree ("register_id","receipt_number");--> statement-breakpoint
CREATE INDEX "pos_orders_org_sold_idx" ON "pos_orders" USING btree ("org_id","sold_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pos_orders_session_idx" ON "pos_orders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "pos_orders_original_idx" ON "pos_orders" USING btree ("original_order_id");--> statement-breakpoint
CREATE INDEX "pos_orders_vendor_ids_idx" ON "pos_orders" USING gin ("vendor_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sessions_one_open_key" ON "pos_sessions" USING btree ("register_id") WHERE "pos_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "pos_sessions_org_opened_idx" ON "pos_sessions" USING btree ("org_id","opened_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "vendor_payouts_vendor_idx" ON "vendor_payouts" USING btree ("org_id","vendor_id","paid_on");--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_sign" CHECK (("vendor_ledger_entries"."entry_type" in ('charge', 'refund', 'sale_return', 'commission', 'payout') and "vendor_ledger_entries"."amount" > 0) or ("vendor_ledger_entries"."entry_type" in ('payment', 'waiver', 'discount', 'credit', 'cancellation', 'sale', 'commission_reversal') and "vendor_ledger_entries"."amount" < 0));--> statement-breakpoint
-- Point-of-sale records are kept as written: orders, their payments, cash moves and payouts are never changed
-- or deleted (a correction is a new record); a line may only count what has been returned of it; a closed
-- session (and its Z report) is never changed, and no session is deleted.
CREATE OR REPLACE FUNCTION public.pos_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END
$$;--> statement-breakpoint
CREATE TRIGGER pos_orders_append_only BEFORE UPDATE OR DELETE ON "pos_orders"
  FOR EACH ROW EXECUTE FUNCTION public.pos_append_only();--> statement-breakpoint
CREATE TRIGGER pos_order_payments_append_only BEFORE UPDATE OR DELETE ON "pos_order_payments"
  FOR EACH ROW EXECUTE FUNCTION public.pos_append_only();--> statement-breakpoint
CREATE TRIGGER pos_cash_moves_append_only BEFORE UPDATE OR DELETE ON "pos_cash_moves"
  FOR EACH ROW EXECUTE FUNCTION public.pos_append_only();--> statement-breakpoint
CREATE TRIGGER vendor_payouts_append_only BEFORE UPDATE OR DELETE ON "vendor_payouts"
  FOR EACH ROW EXECUTE FUNCTION public.pos_append_only();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.pos_order_lines_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (NEW.order_id, NEW.line_no, NEW.vendor_id, NEW.quantity, NEW.unit_price, NEW.discount, NEW.tax, NEW.total,
      NEW.commission, NEW.sold_at, NEW.kind, NEW.original_line_id, NEW.restocked)
    IS DISTINCT FROM (OLD.order_id, OLD.line_no, OLD.vendor_id, OLD.quantity, OLD.unit_price, OLD.discount, OLD.tax, OLD.total,
      OLD.commission, OLD.sold_at, OLD.kind, OLD.original_line_id, OLD.restocked) THEN
    RAISE EXCEPTION 'pos_order_lines: only the returned quantity may change (% refused)', TG_OP USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER pos_order_lines_guard BEFORE UPDATE OR DELETE ON "pos_order_lines"
  FOR EACH ROW EXECUTE FUNCTION public.pos_order_lines_guard();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.pos_sessions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status = 'closed' THEN
    RAISE EXCEPTION 'pos_sessions: a closed session is never changed (% refused)', TG_OP USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER pos_sessions_guard BEFORE UPDATE OR DELETE ON "pos_sessions"
  FOR EACH ROW EXECUTE FUNCTION public.pos_sessions_guard();
