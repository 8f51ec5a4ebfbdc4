import type { FastifyInstance } from 'fastify';
import { goods } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import { assertVenue } from '../../plugins/session.ts';
import type { ArchiveService } from './archive.service.ts';
import type { ClassificationService } from './classification.service.ts';
import type { StockInService } from './stock-in.service.ts';
import type { StockService } from './stock.service.ts';
import type { SupplierService } from './supplier.service.ts';
import type { WarehouseService } from './warehouse.service.ts';

export interface GoodsServices {
  classifications: ClassificationService;
  warehouses: WarehouseService;
  archive: ArchiveService;
  stock: StockService;
  suppliers: SupplierService;
  stockIns: StockInService;
}

/** Goods routes. Reads the till needs (classes, warehouses, sale tiles) need only a login. */
export function goodsRoutes(app: FastifyInstance, guard: Guard, s: GoodsServices): void {
  route(app, guard, goods.classificationAll, ({ session, query }) => s.classifications.list(session.tenantId, query));
  route(app, guard, goods.classificationById, ({ session, params }) => s.classifications.get(session.tenantId, params.id));
  route(app, guard, goods.classificationWithGoodsCount, ({ session }) => s.classifications.withGoodsCount(session.tenantId));
  route(app, guard, goods.classificationAdd, ({ session, body }) => s.classifications.add(session, body));
  route(app, guard, goods.classificationEdit, ({ session, body }) => s.classifications.edit(session, body.classificationId, body));

  route(app, guard, goods.warehouseQuery, ({ session, query }) => {
    assertVenue(session, query.venueId);
    return s.warehouses.page(session.tenantId, query);
  });
  route(app, guard, goods.warehouseAll, ({ session, query }) => {
    assertVenue(session, ...(query.venueIds ?? []));
    return s.warehouses.list(session.tenantId, { state: query.state, venueIds: query.venueIds });
  });
  route(app, guard, goods.warehouseById, ({ session, params }) => s.warehouses.get(session.tenantId, params.id));
  route(app, guard, goods.warehouseAdd, ({ session, body }) => s.warehouses.save(session, null, body));
  route(app, guard, goods.warehouseEdit, ({ session, body }) => s.warehouses.save(session, body.warehouseId, body));

  route(app, guard, goods.goodsQuery, ({ session, query }) => s.archive.page(session.tenantId, query));
  route(app, guard, goods.goodsById, ({ session, params }) => s.archive.get(session.tenantId, params.id));
  route(app, guard, goods.goodsAdd, ({ session, body }) => s.archive.add(session, body));
  route(app, guard, goods.goodsEdit, ({ session, body }) => s.archive.edit(session, body.goodsId, body));
  route(app, guard, goods.goodsState, ({ session, body }) => s.archive.setState(session, body.goodsId, body));
  route(app, guard, goods.allByClassification, async ({ session, query }) => {
    await s.stock.assertWarehouses(session.tenantId, session, query.warehouseIds);
    return s.archive.cachedSaleList(session.tenantId, query);
  });

  route(app, guard, goods.queryStock, ({ session, query }) => s.stock.page(session.tenantId, query, session));
  route(app, guard, goods.stockMovements, ({ session, query }) => s.stock.movements(session.tenantId, query, session));
  route(app, guard, goods.adjustStock, ({ session, body }) => s.stock.adjust(session, body));

  route(app, guard, goods.querySupplier, ({ session, query }) => s.suppliers.page(session.tenantId, query));
  route(app, guard, goods.querySupplierAndGoods, async ({ session }) => ({
    suppliers: await s.suppliers.enabled(session.tenantId),
    goods: await s.archive.enabled(session.tenantId),
  }));
  route(app, guard, goods.supplierAdd, ({ session, body }) => s.suppliers.save(session, null, body));
  route(app, guard, goods.supplierEdit, ({ session, body }) => s.suppliers.save(session, body.supplierId, body));

  route(app, guard, goods.stockInCreate, ({ session, body }) => s.stockIns.create(session, body));
  route(app, guard, goods.stockInReview, ({ session, body }) => s.stockIns.review(session, body));
  route(app, guard, goods.stockInComplete, ({ session, body }) => s.stockIns.complete(session, body.stockInId));
  route(app, guard, goods.stockInQuery, ({ session, query }) => s.stockIns.page(session, query));
  route(app, guard, goods.stockInById, ({ session, params }) => s.stockIns.get(session, params.id));
}
