CREATE TABLE "changesets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "changesets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dataset_id" integer NOT NULL,
	"name" text NOT NULL,
	"modifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dataset_access" (
	"dataset_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access_type" text NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dataset_access_dataset_id_user_id_pk" PRIMARY KEY("dataset_id","user_id"),
	CONSTRAINT "dataset_access_type_check" CHECK ("dataset_access"."access_type" in ('OWNER', 'USER'))
);
--> statement-breakpoint
CREATE TABLE "dataset_files" (
	"dataset_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dataset_files_dataset_id_file_id_pk" PRIMARY KEY("dataset_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "datasets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"group_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "datasets_type_check" CHECK ("datasets"."type" in ('scenario', 'run'))
);
--> statement-breakpoint
CREATE TABLE "derived_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "derived_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"type" text NOT NULL,
	"filename" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "derived_files_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"tag" text,
	"type" text DEFAULT 'user' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "files_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
CREATE TABLE "job_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"command" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "changesets" ADD CONSTRAINT "changesets_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_access" ADD CONSTRAINT "dataset_access_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_access" ADD CONSTRAINT "dataset_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_files" ADD CONSTRAINT "dataset_files_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_files" ADD CONSTRAINT "dataset_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "derived_files" ADD CONSTRAINT "derived_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "changesets_dataset_id_idx" ON "changesets" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "dataset_access_user_id_idx" ON "dataset_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dataset_files_file_id_idx" ON "dataset_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "datasets_group_type_key_key" ON "datasets" USING btree ("group_id","type","key");--> statement-breakpoint
CREATE UNIQUE INDEX "derived_files_file_id_filename_key" ON "derived_files" USING btree ("file_id","filename");--> statement-breakpoint
CREATE INDEX "files_created_by_idx" ON "files" USING btree ("created_by");--> statement-breakpoint
INSERT INTO "job_templates" ("name", "description", "command") VALUES ('Corridor built-in engine', 'Runs the scenario with the simulation engine that ships with Corridor.', '$ENGINE $CONFIG $ARGS');--> statement-breakpoint
INSERT INTO "settings" ("key", "value") SELECT 'defaultJobTemplate', to_jsonb("id") FROM "job_templates" WHERE "name" = 'Corridor built-in engine';
