import type { Kysely } from 'kysely';

// users.locale: the person's interface language (en, ru, fr, am), as the web
// app reports it (POST /user/bots/language). The official bot answers in it
// and bots get it as from.language_code; null: not reported yet (English).
// Expand-only: a nullable column.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
