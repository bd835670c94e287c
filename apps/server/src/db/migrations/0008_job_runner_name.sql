ALTER TABLE "jobs" ADD COLUMN "runner_name" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "requeued" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "runner_name" = "runners"."name" FROM "runners" WHERE "runners"."id" = "jobs"."runner_id";