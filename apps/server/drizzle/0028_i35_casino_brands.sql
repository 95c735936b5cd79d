CREATE TABLE "casino_brand_games" (
	"app_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"enabled" boolean,
	"position" integer,
	"popular" boolean,
	"popular_categories" integer[],
	CONSTRAINT "casino_brand_games_app_id_game_id_pk" PRIMARY KEY("app_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_brand_providers" (
	"app_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"enabled" boolean,
	CONSTRAINT "casino_brand_providers_app_id_provider_id_pk" PRIMARY KEY("app_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "casino_brand_games" ADD CONSTRAINT "casino_brand_games_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_brand_games" ADD CONSTRAINT "casino_brand_games_game_id_casino_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."casino_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_brand_providers" ADD CONSTRAINT "casino_brand_providers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_brand_providers" ADD CONSTRAINT "casino_brand_providers_provider_id_casino_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."casino_providers"("id") ON DELETE cascade ON UPDATE no action;
