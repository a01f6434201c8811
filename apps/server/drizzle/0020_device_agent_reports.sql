CREATE TABLE "device_agent_reports" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"platform" text,
	"arch" text,
	"packaging" text,
	"install_path" text,
	"install_dir" text,
	"service_manager" text,
	"last_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reported_at" timestamp with time zone,
	"last_update_version" text,
	"last_update_status" text,
	"last_update_reason" text,
	"last_update_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_agent_reports" ADD CONSTRAINT "device_agent_reports_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_agent_reports" ADD CONSTRAINT "device_agent_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_agent_reports_org_idx" ON "device_agent_reports" USING btree ("organization_id");