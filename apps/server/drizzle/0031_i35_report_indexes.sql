-- Issue 35 §4: the reports' range scans (bench/reports.ts). The book reads bets by placement and by settlement time,
-- the casino report the seamless wallet's rows by time, the clients report clients by registration time.
CREATE INDEX IF NOT EXISTS "bets_created_idx" ON "bets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bets_settled_idx" ON "bets" USING btree ("settled_at") WHERE "settled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "casino_wallet_tx_created_idx" ON "casino_wallet_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at");
