CREATE TABLE "virtual_rounds" (
	"id" integer PRIMARY KEY NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "virtual_rounds_kickoff_idx" ON "virtual_rounds" USING btree ("kickoff_at");