CREATE TABLE "bet_legs" (
	"bet_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"selection_id" bigint NOT NULL,
	"event_id" integer NOT NULL,
	"market_type" integer NOT NULL,
	"special" text NOT NULL,
	"outcome" text NOT NULL,
	"selection_name" text NOT NULL,
	"odds_thousandths" integer NOT NULL,
	"is_live" boolean NOT NULL,
	"banker" boolean NOT NULL,
	"result" text,
	CONSTRAINT "bet_legs_bet_id_idx_pk" PRIMARY KEY("bet_id","idx")
);
--> statement-breakpoint
CREATE TABLE "bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" integer NOT NULL,
	"systems" integer[] NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"stake_per_bet" integer NOT NULL,
	"placed_stake_per_bet" integer NOT NULL,
	"total_stake" integer NOT NULL,
	"combinations" integer NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"cashed_out" integer DEFAULT 0 NOT NULL,
	"settlement_round" integer DEFAULT 0 NOT NULL,
	"settled_payout" integer DEFAULT 0 NOT NULL,
	"odds_policy" text NOT NULL,
	"confirmation_type" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accept_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"reject_reason" text,
	"last_cashout_key" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "odds_change" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_legs_selection_idx" ON "bet_legs" USING btree ("selection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_user_key_uq" ON "bets" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bets_user_created_idx" ON "bets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bets_status_idx" ON "bets" USING btree ("status");