import { lease } from '@venue/contract';
import { payableRevenue } from './payable-revenue.ts';
import type { BoardSource } from './source.ts';

/** 商品租赁: paid lease orders and their refunds. */
export const leaseOrderSource: BoardSource = { capability: 'lease', revenue: payableRevenue('lease', lease.LEASE_ORDER_TYPE, 'lease_order') };
