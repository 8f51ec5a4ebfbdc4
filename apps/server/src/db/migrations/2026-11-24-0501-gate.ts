import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * Issue 20, gates: areas, access controllers (微耕 / UHPPOTE boards), gates (a lane: an in door and an
 * out door of one controller), the card types and users each gate serves, the log of remote-control
 * commands, the controllers' pass events, and the queue of card records still to be written to (or
 * removed from) the controllers, which survives a controller that is down and a server restart.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const flag = (column: string) => sql`${sql.ref(column)} in ('T', 'F')`;
  await tenantTable(db, engine, 'gate_area')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(999))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('gate_area_name_uq', ['tenant_id', 'name'])
    .execute();

  // serial_no: the board's 32-bit serial number (past PostgreSQL's integer).
  await tenantTable(db, engine, 'gate_controller')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('serial_no', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(60000))
    .addColumn('broadcast', 'text', (c) => c.notNull().defaultTo('F').check(flag('broadcast')))
    .addColumn('timeout_ms', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_delay', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('gate_controller_serial_uq', ['tenant_id', 'serial_no'])
    .execute();
  await db.schema.createIndex('gate_controller_serial_idx').on('gate_controller').column('serial_no').execute();

  const doorCheck = (column: string) => sql`${sql.ref(column)} is null or ${sql.ref(column)} between 1 and 4`;
  await tenantTable(db, engine, 'gate')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('area_id', 'integer', (c) => c.notNull().references('gate_area.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('controller_id', 'integer', (c) => c.notNull().references('gate_controller.id'))
    .addColumn('in_door', 'integer', (c) => c.check(doorCheck('in_door')))
    .addColumn('out_door', 'integer', (c) => c.check(doorCheck('out_door')))
    .addColumn('usage', 'text', (c) =>
      c
        .notNull()
        .defaultTo('A')
        .check(sql`usage in ('A', 'S')`),
    )
    .addColumn('is_remote_control', 'text', (c) => c.notNull().defaultTo('T').check(flag('is_remote_control')))
    .addColumn('pass_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('S')
        .check(sql`pass_mode in ('S', 'M')`),
    )
    .addColumn('reader_type', 'text', (c) => c.notNull().defaultTo('WG'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(999))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('gate_name_uq', ['tenant_id', 'name'])
    .execute();
  await db.schema.createIndex('gate_controller_idx').on('gate').column('controller_id').execute();

  for (const [name, other, ref] of [
    ['gate_card_type', 'card_type_id', 'card_type.id'],
    ['gate_user', 'user_id', 'users.id'],
  ] as const) {
    await db.schema
      .createTable(name)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
      .addColumn('gate_id', 'integer', (c) => c.notNull().references('gate.id'))
      .addColumn(other, 'integer', (c) => c.notNull().references(ref))
      .addPrimaryKeyConstraint(`${name}_pk`, ['gate_id', other])
      .execute();
    await db.schema.createIndex(`${name}_other_idx`).on(name).columns(['tenant_id', other]).execute();
  }

  await tenantTable(db, engine, 'gate_command')
    .addColumn('gate_id', 'integer', (c) => c.notNull().references('gate.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('controller_id', 'integer', (c) => c.notNull().references('gate_controller.id'))
    .addColumn('door', 'integer', (c) => c.notNull())
    .addColumn('pass_direction', 'text', (c) => c.notNull().check(sql`pass_direction in ('I', 'O')`))
    .addColumn('door_state', 'integer', (c) => c.notNull().check(sql`door_state in (0, 1, 3)`))
    .addColumn('success', 'text', (c) => c.notNull().check(flag('success')))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gate_command_time_idx').on('gate_command').columns(['tenant_id', 'venue_id', 'created_at']).execute();

  // One row per event a controller reported; a resent event (same index and time) is kept once.
  await tenantTable(db, engine, 'gate_pass')
    .addColumn('venue_id', 'integer', (c) => c.references('venue.id'))
    .addColumn('gate_id', 'integer', (c) => c.references('gate.id'))
    .addColumn('controller_id', 'integer', (c) => c.notNull().references('gate_controller.id'))
    .addColumn('event_index', 'bigint', (c) => c.notNull())
    .addColumn('door', 'integer', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('I', 'O')`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('S', 'D', 'A')`))
    .addColumn('card_number', 'bigint')
    .addColumn('card_id', 'integer', (c) => c.references('card.id'))
    .addColumn('granted', 'text', (c) => c.notNull().check(flag('granted')))
    .addColumn('reason', 'integer', (c) => c.notNull())
    .addColumn('pass_time', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('gate_pass_event_uq', ['controller_id', 'event_index', 'pass_time'])
    .execute();
  await db.schema.createIndex('gate_pass_venue_time_idx').on('gate_pass').columns(['tenant_id', 'venue_id', 'pass_time']).execute();
  await db.schema.createIndex('gate_pass_time_idx').on('gate_pass').columns(['tenant_id', 'pass_time']).execute();

  // The card records each controller should hold: PUT (with its doors and dates) or DEL. State P is still
  // to be sent (from next_try_at), D done; `version` moves with every change of what is wanted, so a late
  // answer for an older wish never marks a newer one done.
  await tenantTable(db, engine, 'gate_card_push')
    .addColumn('controller_id', 'integer', (c) => c.notNull().references('gate_controller.id'))
    .addColumn('card_number', 'bigint', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.references('card.id'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('PUT', 'DEL')`))
    .addColumn('doors', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('valid_from', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('valid_to', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('P', 'D')`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_try_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('gate_card_push_uq', ['controller_id', 'card_number'])
    .execute();
  await db.schema.createIndex('gate_card_push_due_idx').on('gate_card_push').columns(['state', 'next_try_at']).execute();
  await db.schema.createIndex('gate_card_push_card_idx').on('gate_card_push').columns(['tenant_id', 'card_id']).execute();
}
