CREATE TABLE "promotion_wagering" (
	"reward_id" integer NOT NULL,
	"bet_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_wagering_reward_id_bet_id_pk" PRIMARY KEY("reward_id","bet_id")
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "bonus_stake" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "bonus_reward_id" integer;--> statement-breakpoint
ALTER TABLE "promotion_wagering" ADD CONSTRAINT "promotion_wagering_reward_id_promotion_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."promotion_rewards"("id") ON DELETE no action ON UPDATE no action;
