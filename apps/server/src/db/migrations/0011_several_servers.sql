CREATE TABLE "background_work" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "background_work_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leader_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"held_by" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limiter_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "background_work_kind_subject_key" ON "background_work" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "background_work_kind_claim_idx" ON "background_work" USING btree ("kind","claimed_until");--> statement-breakpoint
CREATE INDEX "limiter_state_expires_idx" ON "limiter_state" USING btree ("expires");