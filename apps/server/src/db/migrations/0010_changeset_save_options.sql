ALTER TABLE "changesets" ADD COLUMN "save_options" jsonb;--> statement-breakpoint
ALTER TABLE "changesets" ADD COLUMN "new_file_names" jsonb;--> statement-breakpoint
ALTER TABLE "changesets" ADD COLUMN "base_file" jsonb;