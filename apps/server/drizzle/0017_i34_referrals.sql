CREATE SEQUENCE "public"."bet_referral_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "referral" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "referral_reason" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "referral_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "offer_stake" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "referral_seq" bigint;--> statement-breakpoint
ALTER TABLE "ops_client_risk" ADD COLUMN "referral_stake" bigint;--> statement-breakpoint
ALTER TABLE "ops_client_risk" ADD COLUMN "referral_payout" bigint;--> statement-breakpoint
ALTER TABLE "ops_client_risk" ADD COLUMN "bet_delay_ms" integer;--> statement-breakpoint
ALTER TABLE "ops_client_risk" ADD COLUMN "odds_policy" text;--> statement-breakpoint
CREATE INDEX "bets_referral_due_idx" ON "bets" USING btree ("referral_due_at") WHERE "bets"."referral" in ('open', 'offered');--> statement-breakpoint
CREATE INDEX "bets_referral_seq_idx" ON "bets" USING btree ("referral_seq");