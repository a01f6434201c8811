CREATE TABLE "backup_plan_status" (
	"organization_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"cleared_job_uid" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"repository" text NOT NULL,
	"snapshot_id" text NOT NULL,
	"job_uid" text,
	"taken_at" timestamp with time zone NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"bytes_added" bigint NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entries_truncated" boolean DEFAULT false NOT NULL,
	"forgotten" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_plan_status" ADD CONSTRAINT "backup_plan_status_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_revisions" ADD CONSTRAINT "backup_revisions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_plan_status_device_plan_key" ON "backup_plan_status" USING btree ("device_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_revisions_device_snapshot_key" ON "backup_revisions" USING btree ("device_id","snapshot_id");--> statement-breakpoint
CREATE INDEX "backup_revisions_org_device_plan_idx" ON "backup_revisions" USING btree ("organization_id","device_id","plan_id","taken_at");