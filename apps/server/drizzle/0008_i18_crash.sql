CREATE TABLE "crash_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"slot" integer NOT NULL,
	"demo" boolean NOT NULL,
	"player" text NOT NULL,
	"stake" bigint NOT NULL,
	"currency" text NOT NULL,
	"auto_cashout" integer,
	"cashout" integer,
	"payout" bigint,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"seed" text NOT NULL,
	"terminating_hash" text NOT NULL,
	"length" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"chain_index" integer NOT NULL,
	"hash" text NOT NULL,
	"crash_point" integer NOT NULL,
	"status" text NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"crash_at" timestamp with time zone,
	"force_point" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_slot_uq" ON "crash_bets" USING btree ("round_id","session_id","slot");--> statement-breakpoint
CREATE INDEX "crash_bets_round_idx" ON "crash_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "crash_bets_session_idx" ON "crash_bets" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_chain_uq" ON "crash_rounds" USING btree ("chain_id","chain_index");--> statement-breakpoint
CREATE INDEX "crash_rounds_status_idx" ON "crash_rounds" USING btree ("status");