import type { ReactNode } from 'react';
import { Card, List } from 'antd';
import * as goods from '@venue/contract/goods';
import * as hand from '@venue/contract/hand';
import * as lease from '@venue/contract/lease';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { useApiQuery } from '@/lib/query';

/** 首页 reads its figures again this often. */
export const HOME_REFRESH_MS = 30_000;
/** 库存不足: a goods row of the venue's warehouses holding at most this many units. */
export const LOW_STOCK = 10;

/**
 * 首页's 其他 for the current venue: wristbands lent (and not yet settled), rentals not yet all returned,
 * and goods running low in its warehouses, each a link to its list; a figure the user may not read is left out.
 */
export function OpenItems({ venueId, link }: { venueId: number; link: (screen: 'hand' | 'leaseOrder' | 'goodsStock', text: string) => ReactNode }) {
  const canBands = usePermission([PERMISSIONS.system.hand.list]);
  const canRentals = usePermission([PERMISSIONS.lease.order.list]);
  const canStock = usePermission([PERMISSIONS.goods.stock.list]);
  const options = { refetchInterval: HOME_REFRESH_MS, quiet: true };
  const bands = useApiQuery(hand.queryHandInUse, { query: { current: 1, size: 1 } }, { ...options, enabled: canBands });
  const rentals = useApiQuery(lease.query, { query: { current: 1, size: 1, orderState: 'A' } }, { ...options, enabled: canRentals });
  const low = useApiQuery(goods.queryStock, { query: { current: 1, size: 1, venueId, maxQuantity: LOW_STOCK } }, { ...options, enabled: canStock });
  const rows = [
    canBands && { key: 'bands', label: '在用手牌', count: bands.data?.total, more: link('hand', '手牌管理') },
    canRentals && { key: 'rentals', label: '租赁中订单', count: rentals.data?.total, more: link('leaseOrder', '租赁订单') },
    canStock && { key: 'lowStock', label: `库存不足（≤${LOW_STOCK}）`, count: low.data?.total, more: link('goodsStock', '库存查询') },
  ].filter((row) => !!row);
  return (
    <Card size="small" title="其他">
      <List
        size="small"
        locale={{ emptyText: '暂无可查看的项目' }}
        dataSource={rows}
        renderItem={(row) => (
          <List.Item extra={row.more}>
            {row.label}：<span data-testid={`open-${row.key}`}>{row.count ?? '—'}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
