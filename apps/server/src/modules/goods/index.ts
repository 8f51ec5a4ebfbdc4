import { GOODS_MENUS } from './goods.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import type { UserService } from '../user/index.ts';
import type { VenueService } from '../venue/index.ts';
import { ArchiveRepository } from './archive.repository.ts';
import { ArchiveService } from './archive.service.ts';
import { ClassificationRepository } from './classification.repository.ts';
import { ClassificationService } from './classification.service.ts';
import { CatalogVersionRepository } from './catalog-version.repository.ts';
import { goodsRoutes, type GoodsServices } from './goods.routes.ts';
import { StockInRepository } from './stock-in.repository.ts';
import { StockInService } from './stock-in.service.ts';
import { StockRepository } from './stock.repository.ts';
import { StockService } from './stock.service.ts';
import { SupplierRepository } from './supplier.repository.ts';
import { SupplierService } from './supplier.service.ts';
import { WarehouseRepository } from './warehouse.repository.ts';
import { WarehouseService } from './warehouse.service.ts';

export type { GoodsServices };

/** Goods: classes, warehouses, the archive, stock and its ledger, suppliers and stock-in orders. */
export const goodsModule = defineModule({
  key: 'goods',
  services: ({ db, clock }, { users, venues, audit }: { users: UserService; venues: VenueService; audit: AuditService }): GoodsServices => {
    const k = db.kysely;
    const catalog = new CatalogVersionRepository(k);
    const classifications = new ClassificationService(new ClassificationRepository(k), catalog, audit);
    const stock = new StockService(new StockRepository(k, db.engine), k, clock, audit);
    return {
      classifications,
      warehouses: new WarehouseService(new WarehouseRepository(k), venues, audit),
      archive: new ArchiveService(new ArchiveRepository(k), classifications, catalog, clock, audit),
      stock,
      suppliers: new SupplierService(new SupplierRepository(k), audit),
      stockIns: new StockInService(new StockInRepository(k), k, stock, users, clock, audit),
    };
  },
  routes: (app, guard, goods) => goodsRoutes(app, guard, goods),
  menus: [{ sidebar: 1, menu: GOODS_MENUS }],
});
