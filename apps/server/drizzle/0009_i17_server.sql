CREATE TABLE "cashback_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"net_loss" bigint NOT NULL,
	"amount" integer NOT NULL,
	"bet_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "last_cashout_paid" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_claims_user_period_uq" ON "cashback_claims" USING btree ("user_id","period_start");