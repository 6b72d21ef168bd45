CREATE INDEX "equipment_gateway_idx" ON "equipment" USING btree ("gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_pictures_file_unique" ON "equipment_pictures" USING btree ("file");--> statement-breakpoint
CREATE INDEX "sync_logs_gateway_idx" ON "sync_logs" USING btree ("gateway_id");