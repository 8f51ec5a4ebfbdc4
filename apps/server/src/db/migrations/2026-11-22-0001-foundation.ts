import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tableWithId, tenantTable } from './helpers.ts';

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tableWithId(db, engine, 'tenant')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  for (const name of ['tenant_setting', 'global_setting']) {
    await tenantTable(db, engine, name)
      .addColumn('setting_key', 'text', (c) => c.notNull())
      .addColumn('setting_value', 'text', (c) => c.notNull())
      .addUniqueConstraint(`${name}_key_uq`, ['tenant_id', 'setting_key'])
      .execute();
  }
  await tenantTable(db, engine, 'tenant_service')
    .addColumn('service_code', 'text', (c) => c.notNull())
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('tenant_service_code_uq', ['tenant_id', 'service_code'])
    .execute();

  await tenantTable(db, engine, 'center')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await tenantTable(db, engine, 'venue')
    .addColumn('center_id', 'integer', (c) => c.notNull().references('center.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await tenantTable(db, engine, 'sport_item')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await tenantTable(db, engine, 'venue_item')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addUniqueConstraint('venue_item_uq', ['venue_id', 'item_id'])
    .execute();

  await tenantTable(db, engine, 'role')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(3))
    .addUniqueConstraint('role_code_uq', ['tenant_id', 'code'])
    .execute();
  await tenantTable(db, engine, 'menu')
    .addColumn('pid', 'integer', (c) => c.references('menu.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('component', 'text')
    .addColumn('icon', 'text')
    .addColumn('permission', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(999))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('no_cache', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('i_frame', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('menu_tenant_pid_idx').on('menu').columns(['tenant_id', 'pid']).execute();
  await db.schema
    .createTable('role_menu')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id'))
    .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
    .execute();

  await tenantTable(db, engine, 'users')
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('current_venue_id', 'integer', (c) => c.references('venue.id'))
    .addColumn('member_type_flag', 'text', (c) => c.notNull().defaultTo('F'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_tenant_idx').on('users').column('tenant_id').execute();
  for (const [name, other, ref] of [
    ['user_role', 'role_id', 'role.id'],
    ['user_venue', 'venue_id', 'venue.id'],
  ] as const) {
    await db.schema
      .createTable(name)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn(other, 'integer', (c) => c.notNull().references(ref))
      .addPrimaryKeyConstraint(`${name}_pk`, ['user_id', other])
      .execute();
  }

  await tenantTable(db, engine, 'dict')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('dict_name_uq', ['tenant_id', 'name'])
    .execute();
  await tenantTable(db, engine, 'dict_detail')
    .addColumn('dict_id', 'integer', (c) => c.notNull().references('dict.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(999))
    .addUniqueConstraint('dict_detail_value_uq', ['dict_id', 'value'])
    .execute();

  await tableWithId(db, engine, 'session')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('venue_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createTable('login_failure')
    .addColumn('failure_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'text', (c) => c.notNull())
    .addColumn('last_failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('captcha')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
