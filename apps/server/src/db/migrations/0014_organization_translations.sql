CREATE TABLE "organization_languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"native_name" text,
	"text_direction" text,
	"is_active" boolean,
	"sort_order" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"key" text NOT NULL,
	"language" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_languages" ADD CONSTRAINT "organization_languages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_languages_org_code_key" ON "organization_languages" USING btree ("org_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_languages_one_default_key" ON "organization_languages" USING btree ("org_id") WHERE "organization_languages"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "translation_overrides_org_key_language_key" ON "translation_overrides" USING btree ("org_id","key","language");--> statement-breakpoint
-- Organizations' own rows are announced like the shipped ones; the realtime service delivers them only to
-- members of the row's organization (languages.realtime.ts).
CREATE TRIGGER organization_languages_realtime AFTER INSERT OR UPDATE OR DELETE ON public.organization_languages
  FOR EACH ROW EXECUTE FUNCTION public.realtime_notify();
--> statement-breakpoint
CREATE TRIGGER translation_overrides_realtime AFTER INSERT OR UPDATE OR DELETE ON public.translation_overrides
  FOR EACH ROW EXECUTE FUNCTION public.realtime_notify();
--> statement-breakpoint
-- Until now any organization's master_data user wrote the shared rows (decision 010). Every such write has an
-- audit_log row with the writer's organization, so each tenant write moves to the organization that made it
-- last; the seed then puts the shipped values back. A write whose organization is unknown or gone is dropped.
CREATE TEMPORARY TABLE tenant_writes AS
  SELECT DISTINCT ON (a.entity_type, a.entity_id) a.entity_type, a.entity_id, a.org_id,
    bool_or(a.action = 'create') OVER (PARTITION BY a.entity_type, a.entity_id) AS created
  FROM audit_log a
  WHERE a.entity_type IN ('language', 'translation') AND a.action IN ('create', 'update') AND a.entity_id IS NOT NULL
  ORDER BY a.entity_type, a.entity_id, a.created_at DESC, a.id DESC;
--> statement-breakpoint
INSERT INTO organization_languages (org_id, code, name, native_name, text_direction, is_active, sort_order, is_default)
  SELECT w.org_id, l.code, l.name, l.native_name, l.text_direction, l.is_active, l.sort_order, l.is_default
  FROM languages l
  JOIN tenant_writes w ON w.entity_type = 'language' AND w.entity_id = l.id::text
  JOIN organizations o ON o.id = w.org_id;
--> statement-breakpoint
INSERT INTO translation_overrides (org_id, key, language, value)
  SELECT w.org_id, t.key, t.language, t.value
  FROM translations t
  JOIN tenant_writes w ON w.entity_type = 'translation' AND w.entity_id = t.id::text
  JOIN organizations o ON o.id = w.org_id;
--> statement-breakpoint
-- Languages and keys a tenant added are that tenant's now; edited shipped rows stay and get their shipped values back from the seed.
DELETE FROM translations t USING tenant_writes w WHERE w.entity_type = 'translation' AND w.created AND w.entity_id = t.id::text;
--> statement-breakpoint
DELETE FROM translations t USING languages l, tenant_writes w
  WHERE w.entity_type = 'language' AND w.created AND w.entity_id = l.id::text AND t.language = l.code;
--> statement-breakpoint
DELETE FROM languages l USING tenant_writes w WHERE w.entity_type = 'language' AND w.created AND w.entity_id = l.id::text;
--> statement-breakpoint
DROP TABLE tenant_writes;
