CREATE TABLE "market_definitions" (
	"id" integer PRIMARY KEY NOT NULL,
	"eid" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_tr" text NOT NULL,
	"order" integer NOT NULL,
	"spk" boolean NOT NULL,
	"min_odds" double precision DEFAULT 1.01 NOT NULL,
	"mg" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_hosts" (
	"hostname" text PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_locale" text DEFAULT 'en' NOT NULL,
	"theme" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"android_apk_url" text,
	"support_chat_url" text,
	"meta_title" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"cashback_basis_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
ALTER TABLE "app_hosts" ADD CONSTRAINT "app_hosts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;