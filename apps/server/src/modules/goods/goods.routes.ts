import type { FastifyInstance } from 'fastify';
import { goods } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
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

const can = (permission: string) => ({ permission });

/** Goods routes. Reads the till needs (classes, warehouses, sale tiles) need only a login. */
export function goodsRoutes(app: FastifyInstance, guard: Guard, s: GoodsServices): void {
  route(app, guard, goods.classificationAll, 'login', ({ session, query }) => s.classifications.list(session.tenantId, query));
  route(app, guard, goods.classificationById, can('goods:classification:list'), ({ session, params }) => s.classifications.get(session.tenantId, params.id));
  route(app, guard, goods.classificationWithGoodsCount, can('goods:classification:list'), ({ session }) => s.classifications.withGoodsCount(session.tenantId));
  route(app, guard, goods.classificationAdd, can('goods:classification:add'), ({ session, body }) => s.classifications.add(session.tenantId, body));
  route(app, guard, goods.classificationEdit, can('goods:classification:edit'), ({ session, body }) => s.classifications.edit(session.tenantId, body.classificationId, body));

  route(app, guard, goods.warehouseQuery, can('goods:warehouse:list'), ({ session, query }) => s.warehouses.page(session.tenantId, query));
  route(app, guard, goods.warehouseAll, 'login', ({ session, query }) => s.warehouses.list(session.tenantId, { state: query.state, venueIds: query.venueIds }));
  route(app, guard, goods.warehouseById, can('goods:warehouse:list'), ({ session, params }) => s.warehouses.get(session.tenantId, params.id));
  route(app, guard, goods.warehouseAdd, can('goods:warehouse:add'), ({ session, body }) => s.warehouses.save(session.tenantId, null, body));
  route(app, guard, goods.warehouseEdit, can('goods:warehouse:edit'), ({ session, body }) => s.warehouses.save(session.tenantId, body.warehouseId, body));

  route(app, guard, goods.goodsQuery, can('goods:archive:list'), ({ session, query }) => s.archive.page(session.tenantId, query));
  route(app, guard, goods.goodsById, can('goods:archive:list'), ({ session, params }) => s.archive.get(session.tenantId, params.id));
  route(app, guard, goods.goodsAdd, can('goods:archive:add'), ({ session, body }) => s.archive.add(session.tenantId, body));
  route(app, guard, goods.goodsEdit, can('goods:archive:edit'), ({ session, body }) => s.archive.edit(session.tenantId, body.goodsId, body));
  route(app, guard, goods.goodsState, can('goods:archive:edit'), ({ session, body }) => s.archive.setState(session.tenantId, body.goodsId, body));
  route(app, guard, goods.allByClassification, 'login', ({ session, query }) => s.archive.cachedSaleList(session.tenantId, query));

  route(app, guard, goods.queryStock, can('goods:stock:list'), ({ session, query }) => s.stock.page(session.tenantId, query));
  route(app, guard, goods.stockMovements, can('goods:stock:list'), ({ session, query }) => s.stock.movements(session.tenantId, query));
  route(app, guard, goods.adjustStock, can('goods:stock:adjust'), ({ session, body }) => s.stock.adjust(session.tenantId, session.userId, body));

  route(app, guard, goods.querySupplier, can('goods:supplier:list'), ({ session, query }) => s.suppliers.page(session.tenantId, query));
  route(app, guard, goods.querySupplierAndGoods, can('goods:stockIn:add'), async ({ session }) => ({
    suppliers: await s.suppliers.enabled(session.tenantId),
    goods: await s.archive.enabled(session.tenantId),
  }));
  route(app, guard, goods.supplierAdd, can('goods:supplier:add'), ({ session, body }) => s.suppliers.save(session.tenantId, null, body));
  route(app, guard, goods.supplierEdit, can('goods:supplier:edit'), ({ session, body }) => s.suppliers.save(session.tenantId, body.supplierId, body));

  route(app, guard, goods.stockInCreate, can('goods:stockIn:add'), ({ session, body }) => s.stockIns.create(session, body));
  route(app, guard, goods.stockInReview, can('goods:stockIn:review'), ({ session, body }) => s.stockIns.review(session, body));
  route(app, guard, goods.stockInComplete, can('goods:stockIn:review'), ({ session, body }) => s.stockIns.complete(session, body.stockInId));
  route(app, guard, goods.stockInQuery, can('goods:stockIn:list'), ({ session, query }) => s.stockIns.page(session, query));
  route(app, guard, goods.stockInById, can('goods:stockIn:list'), ({ session, params }) => s.stockIns.get(session, params.id));
}
