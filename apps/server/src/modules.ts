import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { Guard } from './plugins/route.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { DictRepository } from './modules/dict/dict.repository.ts';
import { dictRoutes } from './modules/dict/dict.routes.ts';
import { DictService } from './modules/dict/dict.service.ts';
import { MenuRepository } from './modules/menu/menu.repository.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { MenuService } from './modules/menu/menu.service.ts';
import { TenantRepository } from './modules/tenant/tenant.repository.ts';
import { tenantRoutes } from './modules/tenant/tenant.routes.ts';
import { TenantService } from './modules/tenant/tenant.service.ts';
import { UserRepository } from './modules/user/user.repository.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { UserService } from './modules/user/user.service.ts';
import { VenueRepository } from './modules/venue/venue.repository.ts';
import { venueRoutes } from './modules/venue/venue.routes.ts';
import { VenueService } from './modules/venue/venue.service.ts';
import { ArchiveRepository } from './modules/goods/archive.repository.ts';
import { ArchiveService } from './modules/goods/archive.service.ts';
import { ClassificationRepository } from './modules/goods/classification.repository.ts';
import { ClassificationService } from './modules/goods/classification.service.ts';
import { goodsRoutes } from './modules/goods/goods.routes.ts';
import { StockInService } from './modules/goods/stock-in.service.ts';
import { StockRepository } from './modules/goods/stock.repository.ts';
import { StockService } from './modules/goods/stock.service.ts';
import { SupplierService } from './modules/goods/supplier.service.ts';
import { WarehouseRepository } from './modules/goods/warehouse.repository.ts';
import { WarehouseService } from './modules/goods/warehouse.service.ts';
import { LocalFileStore } from './modules/upload/file-store.ts';
import { uploadRoutes } from './modules/upload/upload.routes.ts';

/** Wires repositories into services. One place, so a feature's dependencies are visible at a glance. */
export function createServices(db: Db, clock: Clock, uploadsDir: string) {
  const k = db.kysely;
  const tenants = new TenantService(new TenantRepository(k));
  const venues = new VenueService(new VenueRepository(k));
  const users = new UserService(new UserRepository(k), venues, tenants);
  const auth = new AuthService(new AuthRepository(k), users, venues, clock);
  const menus = new MenuService(new MenuRepository(k));
  const dicts = new DictService(new DictRepository(k));
  const classifications = new ClassificationService(new ClassificationRepository(k), k);
  const stock = new StockService(new StockRepository(k), k, clock);
  const goods = {
    classifications,
    warehouses: new WarehouseService(new WarehouseRepository(k)),
    archive: new ArchiveService(new ArchiveRepository(k), classifications, k, clock),
    stock,
    suppliers: new SupplierService(k),
    stockIns: new StockInService(k, stock, users, clock),
  };
  const files = new LocalFileStore(uploadsDir);
  return { tenants, venues, users, auth, menus, dicts, goods, files };
}
export type Services = ReturnType<typeof createServices>;

export function registerRoutes(app: FastifyInstance, guard: Guard, s: Services): void {
  authRoutes(app, guard, s.auth, s.users);
  userRoutes(app, guard, s.users);
  venueRoutes(app, guard, s.venues);
  tenantRoutes(app, guard, s.tenants);
  menuRoutes(app, guard, s.menus);
  dictRoutes(app, guard, s.dicts);
  goodsRoutes(app, guard, s.goods);
  uploadRoutes(app, guard, s.files);
}
