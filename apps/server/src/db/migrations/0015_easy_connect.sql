CREATE TABLE "easy_connect_tokens" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"membership_id" char(26) NOT NULL,
	"sent_by" char(26),
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "easy_connect_tokens" ADD CONSTRAINT "easy_connect_tokens_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_connect_tokens" ADD CONSTRAINT "easy_connect_tokens_sent_by_memberships_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "easy_connect_tokens_token_unique" ON "easy_connect_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "easy_connect_tokens_membership_idx" ON "easy_connect_tokens" USING btree ("membership_id");