CREATE TABLE "promotion_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"product" text NOT NULL,
	"terms" jsonb NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"min_odds_thousandths" integer NOT NULL,
	"status" text NOT NULL,
	"bet_id" integer,
	"paid" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"granted_by" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "reward_id" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "reward_kind" text;--> statement-breakpoint
ALTER TABLE "promotion_rewards" ADD CONSTRAINT "promotion_rewards_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_campaigns_app_idx" ON "promotion_campaigns" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_rewards_campaign_user_uq" ON "promotion_rewards" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "promotion_rewards_user_idx" ON "promotion_rewards" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "promotion_rewards_bet_idx" ON "promotion_rewards" USING btree ("bet_id");