CREATE TABLE "ops_client_risk" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"stake_factor_milli" integer DEFAULT 1000 NOT NULL,
	"label" text DEFAULT 'standard' NOT NULL,
	"no_live" boolean DEFAULT false NOT NULL,
	"no_cashout" boolean DEFAULT false NOT NULL,
	"max_stake" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_limits" (
	"kind" text NOT NULL,
	"level" text NOT NULL,
	"brand_id" integer DEFAULT 0 NOT NULL,
	"ref_id" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ops_limits_kind_level_brand_id_ref_id_pk" PRIMARY KEY("kind","level","brand_id","ref_id")
);
--> statement-breakpoint
ALTER TABLE "selections" ADD COLUMN "override_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "selections" ADD COLUMN "model_odd" double precision;