CREATE TABLE "brand_logos" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"image_type" text NOT NULL,
	"image" bytea NOT NULL,
	"image_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_logos_image_type_check" CHECK ("image_type" in ('image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "brand_logos" ADD CONSTRAINT "brand_logos_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_logos_image_hash_idx" ON "brand_logos" USING btree ("image_hash");
