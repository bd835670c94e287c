ALTER TABLE "datasets" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "external" boolean DEFAULT false NOT NULL;