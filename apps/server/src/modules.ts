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
import { CardImportService } from './modules/member-card/card-import.service.ts';
import { CardRepository } from './modules/member-card/card.repository.ts';
import { CardService } from './modules/member-card/card.service.ts';
import { LedgerRepository } from './modules/member-card/ledger.repository.ts';
import { LedgerService } from './modules/member-card/ledger.service.ts';
import { memberCardRoutes } from './modules/member-card/member-card.routes.ts';
import { MemberRepository } from './modules/member-card/member.repository.ts';
import { createChannelRegistry, type ChannelAdapters } from './modules/payment/channel-registry.ts';
import { PaymentMethodRepository } from './modules/payment/payment-method.repository.ts';
import { PaymentMethodService } from './modules/payment/payment-method.service.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { PrintConfigService } from './modules/payment/print-config.service.ts';
import { SaleFulfilment } from './modules/sale/sale-fulfil.ts';
import { SaleOrderService } from './modules/sale/sale-order.service.ts';
import { SalePayService } from './modules/sale/sale-pay.service.ts';
import { SaleRepository } from './modules/sale/sale.repository.ts';
import { saleRoutes } from './modules/sale/sale.routes.ts';

/** Wires repositories into services. One place, so a feature's dependencies are visible at a glance. */
export function createServices(db: Db, clock: Clock, uploadsDir: string, channelAdapters: ChannelAdapters = {}) {
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
  const cardRepo = new CardRepository(k, db.engine);
  const memberRepo = new MemberRepository(k);
  const memberCards = {
    cards: new CardService(cardRepo, memberRepo, clock),
    /** The cashier charges and refunds cards through memberCards.ledger.chargeCard / refundConsume inside its payment transaction. */
    ledger: new LedgerService(new LedgerRepository(k, db.engine), cardRepo, memberRepo, venues, k, clock),
    imports: new CardImportService(memberRepo, k, clock),
  };
  // Scan-code channels are the simulator unless an adapter is passed (the seam for real ones).
  const channels = createChannelRegistry(k, clock, channelAdapters);
  const payment = { methods: new PaymentMethodService(new PaymentMethodRepository(k), channels, clock), printConfig: new PrintConfigService(k) };
  const saleRepo = new SaleRepository(k);
  const saleOrders = new SaleOrderService(saleRepo, venues, users, memberCards.cards, clock);
  const sale = {
    orders: saleOrders,
    payments: new SalePayService({
      db: k, repo: saleRepo, orders: saleOrders, cards: memberCards.cards, methods: payment.methods, channels,
      fulfil: new SaleFulfilment(goods.stock, memberCards.ledger), clock,
    }),
  };
  return { tenants, venues, users, auth, menus, dicts, goods, files, memberCards, payment, sale };
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
  memberCardRoutes(app, guard, s.memberCards);
  paymentRoutes(app, guard, s.payment);
  saleRoutes(app, guard, s.sale);
}
