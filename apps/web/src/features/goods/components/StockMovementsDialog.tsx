import { Modal, Table, Tag } from 'antd';
import * as goods from '@venue/contract/goods';
import type { z } from 'zod';
import { usePagedList } from '@/components/list/usePagedList';
import { formatTime } from '@/lib/format';

type Movement = z.infer<typeof goods.stockMovement>;
export const REASON_LABELS: Record<Movement['reason'], string> = {
  STOCK_IN: '进货入库',
  SALE: '销售出库',
  REFUND: '退货入库',
  ADJUST: '盘点调整',
  LEASE: '租赁出库',
  LEASE_RETURN: '租赁归还',
};

/** Every change of one goods item's stock in one warehouse, newest first. */
export function StockMovementsDialog({ goodsId, warehouseId, title, onClose }: { goodsId: number; warehouseId: number; title: string; onClose: () => void }) {
  const list = usePagedList<Movement, { goodsId: number; warehouseId: number }>(goods.stockMovements, { goodsId, warehouseId });
  return (
    <Modal open title={`库存明细：${title}`} width={900} footer={null} onCancel={onClose}>
      <Table<Movement>
        rowKey="movementId"
        size="small"
        loading={list.loading}
        dataSource={list.records}
        pagination={list.pagination}
        columns={[
          { title: '时间', dataIndex: 'createTime', render: formatTime },
          { title: '类型', dataIndex: 'reason', render: (r: Movement['reason']) => <Tag>{REASON_LABELS[r]}</Tag> },
          {
            title: '变动',
            dataIndex: 'change',
            align: 'right',
            render: (n: number) => <span style={{ color: n < 0 ? '#f56c6c' : '#67c23a' }}>{n > 0 ? `+${n}` : n}</span>,
          },
          { title: '结存', dataIndex: 'balance', align: 'right' },
          { title: '单号', dataIndex: 'refId', render: (id: number | null) => id ?? '—' },
          { title: '说明', dataIndex: 'remark' },
          { title: '操作人', dataIndex: 'createName' },
        ]}
      />
    </Modal>
  );
}
