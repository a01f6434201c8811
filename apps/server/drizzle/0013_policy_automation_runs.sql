CREATE TABLE "policy_automation_runs" (
	"policy_id" integer NOT NULL,
	"automation_key" text NOT NULL,
	"schedule_key" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_job_count" integer,
	CONSTRAINT "policy_automation_runs_policy_id_automation_key_pk" PRIMARY KEY("policy_id","automation_key")
);
--> statement-breakpoint
ALTER TABLE "policy_automation_runs" ADD CONSTRAINT "policy_automation_runs_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;