CREATE TABLE "crash_client_seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"player" text NOT NULL,
	"seed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crash_chains" ALTER COLUMN "salt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "speed" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "speed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "sealed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_client_seeds_session_uq" ON "crash_client_seeds" USING btree ("chain_id","session_id");--> statement-breakpoint
-- Every catalogue event carried the old default 1, chosen by nobody, so SIMULATOR_SPEED never applied: those now play
-- at the setting (issue 31 item 7b). Virtual football's matches keep their computed speed (never exactly 1).
UPDATE "events" SET "speed" = NULL WHERE "speed" = 1;--> statement-breakpoint
-- Chains made before the commitment scheme drew their salt with the chain: they count as sealed when made.
UPDATE "crash_chains" SET "sealed_at" = "created_at" WHERE "salt" IS NOT NULL;
