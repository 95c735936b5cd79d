CREATE TABLE "brand_margins" (
	"app_id" integer NOT NULL,
	"sport_id" integer DEFAULT 0 NOT NULL,
	"family" text DEFAULT '' NOT NULL,
	"margin_bp" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "brand_margins_app_id_sport_id_family_pk" PRIMARY KEY("app_id","sport_id","family")
);
