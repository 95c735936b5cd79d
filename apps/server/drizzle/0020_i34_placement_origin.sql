ALTER TABLE "bets" ADD COLUMN "placed_ip" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "placed_agent" text;