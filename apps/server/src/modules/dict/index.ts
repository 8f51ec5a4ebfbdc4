import { DICT_MENU } from './dict.menus.ts';
import { seedCodeTables } from './code-tables.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import { DictRepository } from './dict.repository.ts';
import { dictRoutes } from './dict.routes.ts';
import { DictService } from './dict.service.ts';

export type { DictService };

/** Dictionaries: the code tables of spec point 3, which every tenant starts with. */
export const dictModule = defineModule({
  key: 'dicts',
  services: ({ db }, { audit }: { audit: AuditService }) => new DictService(new DictRepository(db.kysely), audit),
  routes: (app, guard, dicts) => dictRoutes(app, guard, dicts),
  menus: [{ group: 'system', menu: DICT_MENU }],
  seed: ({ db, tenantId }) => seedCodeTables(db, tenantId),
});
