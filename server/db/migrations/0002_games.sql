CREATE TABLE "banner_texts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"text" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"img_url" text NOT NULL,
	"title" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"img" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "game_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"image_url" text NOT NULL,
	"is_hot" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popup_ads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"img_url" text NOT NULL,
	"text" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"game_type_id" integer NOT NULL,
	"product_code" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"color" text NOT NULL,
	"img_url" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "providers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "seamless_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"request_body" text NOT NULL,
	"response_body" text,
	"http_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_code" integer NOT NULL,
	"tx_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"action" text NOT NULL,
	"wager_code" text,
	"game_code" text,
	"amount" bigint NOT NULL,
	"code" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_wagers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_code" integer NOT NULL,
	"wager_code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_game_type_id_game_types_id_fk" FOREIGN KEY ("game_type_id") REFERENCES "public"."game_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_transactions" ADD CONSTRAINT "seamless_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_wagers" ADD CONSTRAINT "seamless_wagers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_product_code" ON "games" USING btree ("product_id","game_code");--> statement-breakpoint
CREATE INDEX "games_product_sort" ON "games" USING btree ("product_id","sort","id");--> statement-breakpoint
CREATE INDEX "games_hot" ON "games" USING btree ("is_hot");--> statement-breakpoint
CREATE UNIQUE INDEX "products_type_provider" ON "products" USING btree ("game_type_id","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code" ON "products" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "seamless_calls_created" ON "seamless_calls" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_tx_unique" ON "seamless_transactions" USING btree ("product_code","tx_id");--> statement-breakpoint
CREATE INDEX "seamless_tx_user" ON "seamless_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_wager_unique" ON "seamless_wagers" USING btree ("product_code","wager_code");--> statement-breakpoint
CREATE INDEX "seamless_wager_user" ON "seamless_wagers" USING btree ("user_id","settled_at");