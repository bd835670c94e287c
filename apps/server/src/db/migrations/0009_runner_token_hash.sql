-- Runner tokens are kept as SHA-256 of the secret (issue 26): existing clear tokens are hashed here, so runners that
-- have them keep working; the last 4 characters stay as a hint for the list.
ALTER TABLE "runner_tokens" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "runner_tokens" ADD COLUMN "token_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "runner_tokens" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex'), "token_hint" = right("token", 4);--> statement-breakpoint
ALTER TABLE "runner_tokens" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "runner_tokens" ADD CONSTRAINT "runner_tokens_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
ALTER TABLE "runner_tokens" DROP CONSTRAINT "runner_tokens_token_unique";--> statement-breakpoint
ALTER TABLE "runner_tokens" DROP COLUMN "token";
