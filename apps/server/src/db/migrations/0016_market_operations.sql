CREATE TABLE "market_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"market_day_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"request_id" uuid,
	"category_id" uuid NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"status_reason" text,
	"locked" boolean DEFAULT false NOT NULL,
	"term_id" uuid,
	"checked_in_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"override_reason" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_day_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"market_day_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"waitlisted_at" timestamp with time zone,
	"term_id" uuid,
	"note" text,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_policies" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"offer_hours" integer DEFAULT 48 NOT NULL,
	"deposit_basis_points" integer DEFAULT 0 NOT NULL,
	"balance_due_days_before" integer DEFAULT 7 NOT NULL,
	"deposit_due_days" integer DEFAULT 7 NOT NULL,
	"refund_window_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"market_day_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_org_id_kind_pk" PRIMARY KEY("org_id","kind")
);
--> statement-breakpoint
CREATE TABLE "fee_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"rate_basis_points" integer DEFAULT 0 NOT NULL,
	"minimum_amount" bigint DEFAULT 0 NOT NULL,
	"category_id" uuid,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_rules_amounts" CHECK ("fee_rules"."amount" >= 0 and "fee_rules"."minimum_amount" >= 0 and "fee_rules"."rate_basis_points" between 0 and 10000),
	CONSTRAINT "fee_rules_validity" CHECK ("fee_rules"."valid_to" is null or "fee_rules"."valid_to" >= "fee_rules"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"org_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_org_id_key_pk" PRIMARY KEY("org_id","key")
);
--> statement-breakpoint
CREATE TABLE "invoice_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"approved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_adjustments_amount_positive" CHECK ("invoice_adjustments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"description_en" text NOT NULL,
	"description_ar" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee_rule_id" uuid,
	CONSTRAINT "invoice_lines_amount" CHECK ("invoice_lines"."amount" = "invoice_lines"."quantity" * "invoice_lines"."unit_amount")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"assignment_id" uuid,
	"number" text,
	"kind" text DEFAULT 'full' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"issue_date" date,
	"due_date" date,
	"notes" text,
	"status_reason" text,
	"issued_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_allocations_amount_positive" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"receipt_number" text,
	"taken_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_ledger_entries" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"invoice_id" uuid,
	"entry_type" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"occurred_on" date NOT NULL,
	"memo" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_ledger_entries_sign" CHECK (("vendor_ledger_entries"."entry_type" in ('charge', 'refund') and "vendor_ledger_entries"."amount" > 0) or ("vendor_ledger_entries"."entry_type" in ('payment', 'waiver', 'discount', 'credit', 'cancellation') and "vendor_ledger_entries"."amount" < 0) or "vendor_ledger_entries"."entry_type" not in ('charge', 'refund', 'payment', 'waiver', 'discount', 'credit', 'cancellation'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"lease_until" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"progress" jsonb,
	"result" jsonb,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_market_day_id_market_days_id_fk" FOREIGN KEY ("market_day_id") REFERENCES "public"."market_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_slot_id_market_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."market_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_request_id_market_day_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."market_day_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_category_id_market_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."market_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_assignments" ADD CONSTRAINT "market_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_check_ins" ADD CONSTRAINT "market_check_ins_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_check_ins" ADD CONSTRAINT "market_check_ins_assignment_id_market_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."market_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_check_ins" ADD CONSTRAINT "market_check_ins_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_requests" ADD CONSTRAINT "market_day_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_requests" ADD CONSTRAINT "market_day_requests_market_day_id_market_days_id_fk" FOREIGN KEY ("market_day_id") REFERENCES "public"."market_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_requests" ADD CONSTRAINT "market_day_requests_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_requests" ADD CONSTRAINT "market_day_requests_category_id_market_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."market_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_requests" ADD CONSTRAINT "market_day_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_day_requests" ADD CONSTRAINT "market_day_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_policies" ADD CONSTRAINT "market_policies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_waitlist_offers" ADD CONSTRAINT "market_waitlist_offers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_waitlist_offers" ADD CONSTRAINT "market_waitlist_offers_request_id_market_day_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."market_day_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_waitlist_offers" ADD CONSTRAINT "market_waitlist_offers_market_day_id_market_days_id_fk" FOREIGN KEY ("market_day_id") REFERENCES "public"."market_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_waitlist_offers" ADD CONSTRAINT "market_waitlist_offers_slot_id_market_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."market_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_waitlist_offers" ADD CONSTRAINT "market_waitlist_offers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_waitlist_offers" ADD CONSTRAINT "market_waitlist_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_category_id_market_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."market_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_fee_rule_id_fee_rules_id_fk" FOREIGN KEY ("fee_rule_id") REFERENCES "public"."fee_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_assignment_id_market_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."market_assignments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_assignments_day_slot_key" ON "market_assignments" USING btree ("market_day_id","slot_id") WHERE "market_assignments"."status" in ('confirmed', 'checked_in');--> statement-breakpoint
CREATE UNIQUE INDEX "market_assignments_day_vendor_key" ON "market_assignments" USING btree ("market_day_id","vendor_id") WHERE "market_assignments"."status" in ('confirmed', 'checked_in');--> statement-breakpoint
CREATE INDEX "market_assignments_org_day_idx" ON "market_assignments" USING btree ("org_id","market_day_id");--> statement-breakpoint
CREATE INDEX "market_assignments_vendor_idx" ON "market_assignments" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "market_assignments_slot_idx" ON "market_assignments" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "market_check_ins_assignment_idx" ON "market_check_ins" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_day_requests_day_vendor_key" ON "market_day_requests" USING btree ("market_day_id","vendor_id");--> statement-breakpoint
CREATE INDEX "market_day_requests_org_day_status_idx" ON "market_day_requests" USING btree ("org_id","market_day_id","status");--> statement-breakpoint
CREATE INDEX "market_day_requests_vendor_idx" ON "market_day_requests" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_waitlist_offers_open_slot_key" ON "market_waitlist_offers" USING btree ("market_day_id","slot_id") WHERE "market_waitlist_offers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "market_waitlist_offers_due_idx" ON "market_waitlist_offers" USING btree ("expires_at") WHERE "market_waitlist_offers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "fee_rules_org_idx" ON "fee_rules" USING btree ("org_id","valid_from");--> statement-breakpoint
CREATE INDEX "invoice_adjustments_invoice_idx" ON "invoice_adjustments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_number_key" ON "invoices" USING btree ("org_id","number");--> statement-breakpoint
CREATE INDEX "invoices_org_vendor_idx" ON "invoices" USING btree ("org_id","vendor_id");--> statement-breakpoint
CREATE INDEX "invoices_assignment_idx" ON "invoices" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "invoices_org_due_idx" ON "invoices" USING btree ("org_id","due_date");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_org_vendor_idx" ON "payments" USING btree ("org_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_org_receipt_key" ON "payments" USING btree ("org_id","receipt_number");--> statement-breakpoint
CREATE INDEX "refunds_invoice_idx" ON "refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_entries_id_key" ON "vendor_ledger_entries" USING btree ("id");--> statement-breakpoint
CREATE INDEX "vendor_ledger_entries_vendor_idx" ON "vendor_ledger_entries" USING btree ("org_id","vendor_id","occurred_on","seq");--> statement-breakpoint
CREATE INDEX "vendor_ledger_entries_invoice_idx" ON "vendor_ledger_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "vendor_ledger_entries_source_idx" ON "vendor_ledger_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("lease_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_org_kind_idx" ON "jobs" USING btree ("org_id","kind","created_at");--> statement-breakpoint
-- The vendor ledger is append-only: a correction is a new entry, never an edit.
CREATE OR REPLACE FUNCTION public.vendor_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vendor_ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END
$$;--> statement-breakpoint
CREATE TRIGGER vendor_ledger_entries_append_only BEFORE UPDATE OR DELETE ON "vendor_ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION public.vendor_ledger_append_only();--> statement-breakpoint
-- What an invoice amounts to, from its ledger entries only (balances are never stored twice), and the state
-- users see: its own status, or for an issued invoice what the ledger and the due date say.
CREATE VIEW "invoice_balances" AS
SELECT i.id AS invoice_id, i.org_id, i.vendor_id, i.assignment_id, i.status, i.due_date,
  coalesce(sum(e.amount) FILTER (WHERE e.entry_type = 'charge'), 0)::bigint AS charged,
  coalesce(-sum(e.amount) FILTER (WHERE e.entry_type = 'payment'), 0)::bigint AS paid,
  coalesce(sum(e.amount) FILTER (WHERE e.entry_type = 'refund'), 0)::bigint AS refunded,
  coalesce(-sum(e.amount) FILTER (WHERE e.entry_type IN ('waiver', 'discount')), 0)::bigint AS waived,
  coalesce(-sum(e.amount) FILTER (WHERE e.entry_type IN ('credit', 'cancellation')), 0)::bigint AS credited,
  coalesce(sum(e.amount), 0)::bigint AS balance,
  CASE
    WHEN i.status <> 'issued' THEN i.status
    WHEN coalesce(sum(e.amount), 0) <= 0 AND coalesce(-sum(e.amount) FILTER (WHERE e.entry_type = 'payment'), 0)
      - coalesce(sum(e.amount) FILTER (WHERE e.entry_type = 'refund'), 0) > 0 THEN 'paid'
    WHEN coalesce(sum(e.amount), 0) <= 0 AND coalesce(-sum(e.amount) FILTER (WHERE e.entry_type IN ('waiver', 'discount')), 0) > 0 THEN 'waived'
    WHEN coalesce(sum(e.amount), 0) <= 0 THEN 'paid'
    WHEN i.due_date < current_date THEN 'overdue'
    WHEN coalesce(-sum(e.amount) FILTER (WHERE e.entry_type = 'payment'), 0)
      - coalesce(sum(e.amount) FILTER (WHERE e.entry_type = 'refund'), 0) > 0 THEN 'partially_paid'
    ELSE 'issued'
  END AS state
FROM "invoices" i LEFT JOIN "vendor_ledger_entries" e ON e.invoice_id = i.id
GROUP BY i.id;
