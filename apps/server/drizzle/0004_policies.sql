CREATE TABLE "device_policy_overrides" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_policy_overrides" (
	"organization_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"device_class" text NOT NULL,
	"policy_id" integer NOT NULL,
	CONSTRAINT "location_policy_overrides_location_id_device_class_pk" PRIMARY KEY("location_id","device_class")
);
--> statement-breakpoint
CREATE TABLE "organization_policy_assignments" (
	"organization_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	CONSTRAINT "organization_policy_assignments_organization_id_role_id_pk" PRIMARY KEY("organization_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"device_class" text NOT NULL,
	"parent_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"items" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_policy_overrides" ADD CONSTRAINT "device_policy_overrides_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_policy_overrides" ADD CONSTRAINT "device_policy_overrides_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_policy_overrides" ADD CONSTRAINT "device_policy_overrides_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_policy_overrides" ADD CONSTRAINT "location_policy_overrides_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_policy_overrides" ADD CONSTRAINT "location_policy_overrides_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_policy_overrides" ADD CONSTRAINT "location_policy_overrides_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policy_assignments" ADD CONSTRAINT "organization_policy_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policy_assignments" ADD CONSTRAINT "organization_policy_assignments_role_id_device_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."device_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_policy_assignments" ADD CONSTRAINT "organization_policy_assignments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_parent_id_policies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_policy_overrides_organization_idx" ON "device_policy_overrides" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "device_policy_overrides_policy_idx" ON "device_policy_overrides" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "location_policy_overrides_organization_idx" ON "location_policy_overrides" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "location_policy_overrides_policy_idx" ON "location_policy_overrides" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "organization_policy_assignments_policy_idx" ON "organization_policy_assignments" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_class_name_key" ON "policies" USING btree ("device_class",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "policies_class_default_key" ON "policies" USING btree ("device_class") WHERE "policies"."is_default";--> statement-breakpoint
CREATE INDEX "policies_parent_idx" ON "policies" USING btree ("parent_id");--> statement-breakpoint
UPDATE "technician_roles" SET "permissions" = "permissions" || '["policies.read","policies.manage"]'::jsonb
WHERE "is_built_in" AND "name" = 'Full access' AND NOT ("permissions" ? 'policies.manage');--> statement-breakpoint
UPDATE "technician_roles" SET "permissions" = "permissions" || '["policies.read"]'::jsonb
WHERE "is_built_in" AND "name" IN ('Helpdesk', 'Read only', 'Scripting') AND NOT ("permissions" ? 'policies.read');
