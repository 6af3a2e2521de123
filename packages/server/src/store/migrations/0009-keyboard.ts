import type { Kysely } from 'kysely';

// Spec 3/4: the pivot's `keyboard`, a custom keyboard on one member's link
// (rows of button texts, stored as JSON; NULL: the ordinary keyboard).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversation_members').addColumn('keyboard', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversation_members').dropColumn('keyboard').execute();
}
