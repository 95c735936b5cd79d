CREATE TABLE "password_setup_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "password_setup_links_purpose_check" CHECK ("purpose" in ('new', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "password_setup_links" ADD CONSTRAINT "password_setup_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_setup_links_token_hash_uq" ON "password_setup_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_setup_links_user_idx" ON "password_setup_links" USING btree ("user_id","id");
