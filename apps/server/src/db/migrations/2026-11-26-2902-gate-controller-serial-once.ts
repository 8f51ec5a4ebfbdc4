import { sql, type Kysely } from 'kysely';

/** Past the boards' 32-bit serial numbers: a moved serial can match no board and no other row. */
const MOVED = 4_294_967_296;

/**
 * Issue 29: a controller's serial number is unique across the installation (a board's events name only
 * its serial: a second tenant with the same serial received the first one's swipes). Should two
 * controllers share one already, the first added keeps it; each later one is disabled and its serial
 * number moved out of the boards' range (id × 2^32 + serial, so no two collide), with a remark asking
 * for the right number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const later = await db
    .selectFrom('gate_controller as k')
    .select(['k.id', 'k.serial_no', 'k.remark'])
    .where((eb) => eb.exists(eb.selectFrom('gate_controller as f').select('f.id').whereRef('f.serial_no', '=', 'k.serial_no').whereRef('f.id', '<', 'k.id')))
    .execute();
  for (const k of later) {
    const note = `序列号 ${k.serial_no} 已被其他控制器使用，已停用：请填写本控制器的正确序列号`;
    await db
      .updateTable('gate_controller')
      .set({
        state: 'S',
        serial_no: sql`serial_no + ${sql.lit(MOVED)} * id`,
        remark: k.remark ? `${note}；${k.remark}` : note,
      })
      .where('id', '=', k.id)
      .execute();
  }
  await db.schema.createIndex('gate_controller_serial_once').unique().on('gate_controller').column('serial_no').execute();
  await db.schema.dropIndex('gate_controller_serial_idx').execute();
}
