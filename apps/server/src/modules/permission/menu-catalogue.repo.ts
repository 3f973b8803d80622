import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { catalogueRows } from './menu-catalogue.ts';

type Db = Kysely<Database>;

/** Writes the menu catalogue into the menu table (insert new, update changed). */
export async function syncMenuCatalogue(db: Db): Promise<void> {
  const rows = catalogueRows();
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx
        .insertInto('menu')
        .values(row)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            parent_id: row.parent_id,
            name: row.name,
            icon_url: row.icon_url,
            menu_type: row.menu_type,
            sort: row.sort,
            hidden: row.hidden,
            anchor: row.anchor,
            route_path: row.route_path,
          }),
        )
        .execute();
    }
  });
}
