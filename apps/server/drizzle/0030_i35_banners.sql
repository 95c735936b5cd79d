CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"placement" text NOT NULL,
	"locale" text,
	"image_type" text NOT NULL,
	"image" bytea NOT NULL,
	"image_hash" text NOT NULL,
	"link" text NOT NULL,
	"alt" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"position" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_placement_check" CHECK ("placement" in ('home', 'casino')),
	CONSTRAINT "banners_window_check" CHECK ("starts_at" < "ends_at")
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_app_placement_idx" ON "banners" USING btree ("app_id","placement","position");
