CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technician_role_organizations" (
	"role_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	CONSTRAINT "technician_role_organizations_role_id_organization_id_pk" PRIMARY KEY("role_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_label" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "outcome" text DEFAULT 'SUCCESS' NOT NULL;--> statement-breakpoint
ALTER TABLE "technician_roles" ADD COLUMN "all_organizations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "technician_roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "encryption_public_key" text;--> statement-breakpoint
ALTER TABLE "technician_role_organizations" ADD CONSTRAINT "technician_role_organizations_role_id_technician_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."technician_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technician_role_organizations_org_idx" ON "technician_role_organizations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "audit_events_org_at_idx" ON "audit_events" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_action_at_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
ALTER TABLE "technician_role_organizations" ADD CONSTRAINT "technician_role_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
INSERT INTO "technician_roles" ("name", "description", "permissions", "is_built_in", "all_organizations") VALUES
  ('Full access', 'Every permission in every organization.', '["organizations.read","organizations.write","technicians.read","technicians.manage","settings.read","settings.manage","dashboard.read","devices.read","devices.manage","enrollment.manage","customFields.manage","jobs.run","scripts.manage","credentials.manage","backup.viewAndRestore","backup.viewAndManage","ticketing.read","ticketing.manage","billing.read","billing.manage","psa.configure","audit.read"]'::jsonb, true, true),
  ('Helpdesk', 'Work devices and tickets: run scripts, restore backups; no administration.', '["organizations.read","dashboard.read","devices.read","devices.manage","jobs.run","technicians.read","settings.read","backup.viewAndRestore","ticketing.read","ticketing.manage"]'::jsonb, true, true),
  ('Read only', 'See everything, change nothing.', '["organizations.read","technicians.read","settings.read","dashboard.read","devices.read","ticketing.read","billing.read"]'::jsonb, true, true),
  ('Scripting', 'Write library scripts and run them on devices.', '["organizations.read","dashboard.read","devices.read","jobs.run","scripts.manage"]'::jsonb, true, true)
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "technician_roles" ("name", "description", "permissions", "is_built_in", "all_organizations")
SELECT 'Technician', 'What every technician could do before roles were scoped; assigned to the technicians of that time.', '["organizations.read","organizations.write","technicians.read","settings.read","dashboard.read","devices.read","devices.manage","jobs.run"]'::jsonb, false, true
WHERE EXISTS (SELECT 1 FROM "users" u WHERE NOT u."is_system_admin" AND NOT EXISTS (SELECT 1 FROM "user_technician_roles" r WHERE r."user_id" = u."id"))
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "user_technician_roles" ("user_id", "role_id")
SELECT u."id", r."id" FROM "users" u CROSS JOIN "technician_roles" r
WHERE r."name" = 'Technician' AND NOT u."is_system_admin"
  AND NOT EXISTS (SELECT 1 FROM "user_technician_roles" x WHERE x."user_id" = u."id");
