CREATE TABLE "auth_known_addresses" (
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_known_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
DROP INDEX "users_app_username_uq";--> statement-breakpoint
-- Login counters are short-lived: the old fixed-window counters are dropped, the buckets start full.
DELETE FROM "auth_throttle";--> statement-breakpoint
ALTER TABLE "auth_throttle" ADD COLUMN "tokens" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_throttle" ADD COLUMN "updated_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "rotation" text;--> statement-breakpoint
-- Existing usernames are ASCII ([a-zA-Z0-9._-], the creation rule), so their key is their lower case.
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
UPDATE "users" SET "username_key" = lower("username");--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_known_addresses" ADD CONSTRAINT "auth_known_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_app_username_key_uq" ON "users" USING btree ("app_id","username_key");--> statement-breakpoint
ALTER TABLE "auth_throttle" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "auth_throttle" DROP COLUMN "failures";
