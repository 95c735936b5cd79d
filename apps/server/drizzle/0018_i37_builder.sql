CREATE TABLE "bet_builders" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"leg_ids" bigint[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bet_legs" ADD COLUMN "builder" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_builders_legs_uq" ON "bet_builders" USING btree ("event_id","leg_ids");