CREATE TABLE "ops_client_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_id" integer,
	"requested_by" text NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decision_reason" text,
	"movement_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ops_client_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"operator_id" integer,
	"operator" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "gambling_settings" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gambling_settings" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "adjustment_approval_above" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ops_client_adjustments_key_uq" ON "ops_client_adjustments" USING btree ("app_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ops_client_adjustments_user_idx" ON "ops_client_adjustments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ops_client_notes_user_idx" ON "ops_client_notes" USING btree ("user_id","id");--> statement-breakpoint
-- The desk's client search by placement address (issue 35 §2); written by hand (a partial index).
CREATE INDEX "bets_placed_ip_idx" ON "bets" USING btree ("placed_ip") WHERE "placed_ip" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_sessions_ip_idx" ON "auth_sessions" USING btree ("ip") WHERE "ip" IS NOT NULL;
