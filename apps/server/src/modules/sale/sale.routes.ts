import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sale } from '@venue/contract';
import { forbidden } from '../../lib/errors.ts';
import { route, type Guard } from '../../plugins/route.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { SaleOrderService } from './sale-order.service.ts';
import type { SalePayService } from './sale-pay.service.ts';
import { XLSX_TYPE } from '../../lib/xlsx-stream.ts';
import { saleOrdersXlsx } from './sale-xlsx.ts';

export interface SaleServices {
  orders: SaleOrderService;
  payments: SalePayService;
}

/** Who may do what with sale orders; the demo cashier holds list and add, not editPrice. */
export const SALE_PERMISSIONS = {
  list: { permission: 'goods:saleOrder:list' },
  add: { permission: 'goods:saleOrder:add' },
} as const;
const can = SALE_PERMISSIONS;
const exportQuery = sale.saleQuery.omit({ current: true, size: true, page: true });

export function saleRoutes(app: FastifyInstance, guard: Guard, s: SaleServices): void {
  route(app, guard, sale.createOrder, can.add, ({ session, body }) => s.orders.create(session, body));
  route(app, guard, sale.queryOrderForPay, can.add, ({ session, query }) => s.orders.forPay(session, query));
  route(app, guard, sale.payOrder, can.add, ({ session, body }) => s.payments.pay(session, body));
  route(app, guard, sale.payWithOrder, can.add, ({ session, body }) => s.payments.payWithCards(session, body));
  route(app, guard, sale.orderById, can.list, ({ session, params }) => s.orders.get(session.tenantId, params.id));
  route(app, guard, sale.query, can.list, ({ session, query }) => s.orders.page(session, query));
  // Receipts: the till prints after a payment (add), the order list reprints (list).
  route(app, guard, sale.getPrint, 'login', ({ session, query }) => {
    if (!session.isAdmin && !session.permissions.some((p) => p === can.add.permission || p === can.list.permission)) throw forbidden();
    return s.orders.orders(session.tenantId, query.orderIds);
  });

  // The export answers a file: a plain route behind the same guard; its errors answer JSON.
  app.withTypeProvider<ZodTypeProvider>().get(`/api/${sale.EXPORT_SALE_PATH}`, {
    schema: { summary: '导出销售订单（.xlsx，条件同销售订单查询）', tags: ['goods'], querystring: exportQuery },
    onRequest: async (req) => {
      req.session = await guard(req, can.list);
    },
  }, async (req, reply) => {
    const session = req.session as UserSession;
    const filter = await s.orders.filterOf(session, req.query);
    return reply.type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="sale-orders.xlsx"; filename*=UTF-8''${encodeURIComponent('销售订单.xlsx')}`)
      .header('cache-control', 'no-store')
      .send(saleOrdersXlsx(s.orders.exportBatches(session.tenantId, filter)));
  });
}
