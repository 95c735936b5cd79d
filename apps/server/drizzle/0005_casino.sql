CREATE TABLE "casino_favorites" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "casino_favorites_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_games" (
	"id" integer PRIMARY KEY NOT NULL,
	"extended_id" text NOT NULL,
	"name" text NOT NULL,
	"provider_id" integer NOT NULL,
	"categories" integer[] NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"rtp_bp" integer NOT NULL,
	"volatility" text NOT NULL,
	"config" jsonb NOT NULL,
	"demo" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_providers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_live" boolean NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_roulette_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"round_no" bigint NOT NULL,
	"session_id" text NOT NULL,
	"placement_key" text NOT NULL,
	"bets" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "casino_roulette_rounds" (
	"game_id" integer NOT NULL,
	"no" bigint NOT NULL,
	"status" text NOT NULL,
	"result" integer,
	"closes_at" timestamp with time zone NOT NULL,
	"spin_at" timestamp with time zone NOT NULL,
	"spun_at" timestamp with time zone,
	CONSTRAINT "casino_roulette_rounds_game_id_no_pk" PRIMARY KEY("game_id","no")
);
--> statement-breakpoint
CREATE TABLE "casino_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer,
	"game_id" integer NOT NULL,
	"currency" text NOT NULL,
	"demo" boolean NOT NULL,
	"demo_balance" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "casino_slot_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"round_key" text NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_wallet_transactions" (
	"uuid" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"session_id" text NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer,
	"round" text NOT NULL,
	"reference_uuid" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"closed_by" text,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "casino_favorites" ADD CONSTRAINT "casino_favorites_game_id_casino_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."casino_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_games" ADD CONSTRAINT "casino_games_provider_id_casino_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."casino_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_games_extended_uq" ON "casino_games" USING btree ("extended_id");--> statement-breakpoint
CREATE INDEX "casino_games_provider_idx" ON "casino_games" USING btree ("provider_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_roulette_bets_key_uq" ON "casino_roulette_bets" USING btree ("session_id","placement_key");--> statement-breakpoint
CREATE INDEX "casino_roulette_bets_round_idx" ON "casino_roulette_bets" USING btree ("game_id","round_no","status");--> statement-breakpoint
CREATE INDEX "casino_roulette_bets_session_idx" ON "casino_roulette_bets" USING btree ("session_id","round_no");--> statement-breakpoint
CREATE INDEX "casino_roulette_rounds_status_idx" ON "casino_roulette_rounds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "casino_sessions_user_idx" ON "casino_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_slot_rounds_key_uq" ON "casino_slot_rounds" USING btree ("session_id","round_key");--> statement-breakpoint
CREATE INDEX "casino_slot_rounds_session_idx" ON "casino_slot_rounds" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "casino_wallet_tx_open_idx" ON "casino_wallet_transactions" USING btree ("kind","closed_by","created_at");