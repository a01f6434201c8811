CREATE TABLE "dynamic_policy_automation_runs" (
	"dynamic_policy_id" integer NOT NULL,
	"automation_key" text NOT NULL,
	"schedule_key" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_job_count" integer,
	CONSTRAINT "dynamic_policy_automation_runs_dynamic_policy_id_automation_key_pk" PRIMARY KEY("dynamic_policy_id","automation_key")
);
--> statement-breakpoint
ALTER TABLE "dynamic_policy_automation_runs" ADD CONSTRAINT "dynamic_policy_automation_runs_dynamic_policy_id_dynamic_policies_id_fk" FOREIGN KEY ("dynamic_policy_id") REFERENCES "public"."dynamic_policies"("id") ON DELETE cascade ON UPDATE no action;