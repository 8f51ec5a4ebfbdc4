import { lease } from '@venue/contract';
import type { BoardSource } from './source.ts';

/** 商品租赁: paid lease orders and their refunds. */
export const leaseOrderSource: BoardSource = { capability: 'lease', payable: { orderType: lease.LEASE_ORDER_TYPE, table: 'lease_order' } };
