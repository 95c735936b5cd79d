DROP INDEX "crash_bets_slot_uq";--> statement-breakpoint
ALTER TABLE "casino_sessions" ADD COLUMN "address" text;--> statement-breakpoint
-- Hand-edited: bets placed before keep their session as their player (the rule they were placed under).
ALTER TABLE "crash_bets" ADD COLUMN "player_key" text;--> statement-breakpoint
UPDATE "crash_bets" SET "player_key" = 's' || "session_id";--> statement-breakpoint
ALTER TABLE "crash_bets" ALTER COLUMN "player_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "casino_sessions_address_idx" ON "casino_sessions" USING btree ("address","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_player_slot_uq" ON "crash_bets" USING btree ("round_id","player_key","slot");