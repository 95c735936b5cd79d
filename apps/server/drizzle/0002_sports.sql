CREATE TABLE "catalogue_days" (
	"day" integer PRIMARY KEY NOT NULL,
	"event_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"alias" text NOT NULL,
	"name_en" text NOT NULL,
	"name_tr" text NOT NULL,
	"order" integer NOT NULL,
	"popular" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY NOT NULL,
	"sub" integer NOT NULL,
	"rid" integer,
	"extended_id" text NOT NULL,
	"provider_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"competition_id" integer NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"phase" text DEFAULT 'not_started' NOT NULL,
	"is_live" boolean DEFAULT false NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"min_bet_limit" integer DEFAULT 100 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"result_name" text,
	"data" jsonb NOT NULL,
	"period_time" integer DEFAULT 0 NOT NULL,
	"period_time_left" integer DEFAULT 0 NOT NULL,
	"period_counter" integer DEFAULT 0 NOT NULL,
	"round_counter" integer DEFAULT 0 NOT NULL,
	"added_time" integer DEFAULT 0 NOT NULL,
	"ts" bigint DEFAULT 0 NOT NULL,
	"stream_embed" text,
	"speed" double precision DEFAULT 1 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"sim" jsonb,
	"markets_ready" boolean DEFAULT false NOT NULL,
	CONSTRAINT "events_sub_unique" UNIQUE("sub")
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" bigint PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"t" integer NOT NULL,
	"s" text NOT NULL,
	"a" jsonb NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"order" integer NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name_en" text NOT NULL,
	"name_tr" text NOT NULL,
	"country_code" text NOT NULL,
	"flag" text NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selections" (
	"id" bigint PRIMARY KEY NOT NULL,
	"market_id" bigint NOT NULL,
	"event_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"odd" double precision NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"max_stake" integer NOT NULL,
	"bundle" text,
	"result" text
);
--> statement-breakpoint
CREATE TABLE "simulator_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"command" text NOT NULL,
	"args" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sports" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name_en" text NOT NULL,
	"name_tr" text NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"competition_id" integer NOT NULL,
	"name" text NOT NULL,
	"strength" double precision NOT NULL,
	"crest" jsonb NOT NULL,
	"players" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "competitions_sport_region_idx" ON "competitions" USING btree ("sport_id","region_id");--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "events_list_order_idx" ON "events" USING btree ("is_live" DESC NULLS FIRST,"start_at","id");--> statement-breakpoint
CREATE INDEX "events_status_start_idx" ON "events" USING btree ("status","start_at");--> statement-breakpoint
CREATE INDEX "events_competition_idx" ON "events" USING btree ("competition_id","start_at");--> statement-breakpoint
CREATE INDEX "events_sport_start_idx" ON "events" USING btree ("sport_id","start_at");--> statement-breakpoint
CREATE INDEX "markets_event_idx" ON "markets" USING btree ("event_id","main");--> statement-breakpoint
CREATE INDEX "selections_event_idx" ON "selections" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "selections_market_idx" ON "selections" USING btree ("market_id");