ALTER TABLE "promotion_rewards" ADD COLUMN "staked" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "boost_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD COLUMN "base_odds_thousandths" integer;
