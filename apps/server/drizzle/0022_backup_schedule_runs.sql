CREATE TABLE "backup_schedule_runs" (
	"device_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"schedule_key" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_job_uid" text
);
--> statement-breakpoint
ALTER TABLE "backup_schedule_runs" ADD CONSTRAINT "backup_schedule_runs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_schedule_runs_device_plan_key" ON "backup_schedule_runs" USING btree ("device_id","plan_id");