CREATE TABLE "job_files" (
	"job_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "job_files_job_id_file_id_role_pk" PRIMARY KEY("job_id","file_id","role")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"dataset_id" integer,
	"group_id" integer NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"template_id" integer,
	"command" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ram_in_gb" integer DEFAULT 4 NOT NULL,
	"cpu_cores" integer DEFAULT 1 NOT NULL,
	"runner_id" text,
	"claim_id" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"current_iteration" integer DEFAULT -1 NOT NULL,
	"exit_code" integer,
	"message" text,
	"submitted" timestamp with time zone DEFAULT now() NOT NULL,
	"started" timestamp with time zone,
	"finished" timestamp with time zone,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('CREATED', 'SUBMITTED', 'STARTED', 'FINISHED', 'FAILED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "relations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"dataset1" integer,
	"dataset2" integer NOT NULL,
	"job_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "run_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dataset_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_series" (
	"dataset_id" integer NOT NULL,
	"table_name" text NOT NULL,
	"x" double precision NOT NULL,
	"key" text NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runner_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "runner_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ipv4range" text DEFAULT '' NOT NULL,
	"ipv6range" text DEFAULT '' NOT NULL,
	"embedded" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runner_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "runners" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" integer NOT NULL,
	"name" text NOT NULL,
	"capabilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_resources" jsonb NOT NULL,
	"available_resources" jsonb NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"connected" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heartbeat" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dataset_id" integer,
	"job_id" integer,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_files_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
ALTER TABLE "job_templates" ADD COLUMN "matsim_version" text;--> statement-breakpoint
ALTER TABLE "job_templates" ADD COLUMN "tool_integrations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_templates" ADD COLUMN "allow_custom_jar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_templates" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_template_id_job_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."job_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_dataset1_datasets_id_fk" FOREIGN KEY ("dataset1") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_dataset2_datasets_id_fk" FOREIGN KEY ("dataset2") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_series" ADD CONSTRAINT "run_series_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_tokens" ADD CONSTRAINT "runner_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_token_id_runner_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."runner_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_files" ADD CONSTRAINT "system_files_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_files" ADD CONSTRAINT "system_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "jobs_dataset_id_idx" ON "jobs" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "jobs_runner_id_idx" ON "jobs" USING btree ("runner_id");--> statement-breakpoint
CREATE INDEX "relations_dataset1_idx" ON "relations" USING btree ("dataset1");--> statement-breakpoint
CREATE INDEX "relations_dataset2_idx" ON "relations" USING btree ("dataset2");--> statement-breakpoint
CREATE INDEX "run_events_dataset_id_idx" ON "run_events" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "run_series_dataset_table_idx" ON "run_series" USING btree ("dataset_id","table_name","x");--> statement-breakpoint
CREATE INDEX "runners_token_id_idx" ON "runners" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "system_files_dataset_id_idx" ON "system_files" USING btree ("dataset_id");--> statement-breakpoint
UPDATE "job_templates" SET "name" = 'Built-in engine' WHERE "name" = 'Corridor built-in engine';--> statement-breakpoint
INSERT INTO "job_templates" ("name", "description", "command", "matsim_version", "allow_custom_jar") VALUES ('Standard MATSim Controller', 'Runs MATSim''s standard controller (org.matsim.run.RunMatsim) from the MATSim release downloaded in setup. Needs Java on the runner.', '$JAVA -Xmx$Xmx -cp $JAR org.matsim.run.RunMatsim $CONFIG $ARGS', '2025.0', false);--> statement-breakpoint
INSERT INTO "job_templates" ("name", "description", "command", "matsim_version", "tool_integrations", "allow_custom_jar") VALUES ('MATSim Controller with Corridor', 'Runs the scenario''s own MATSim jar (file role "jar") with its main class. Needs Java on the runner.', '$JAVA -Xmx$Xmx -jar $JAR $CONFIG $ARGS', 'custom', '{2025.0}', true);
