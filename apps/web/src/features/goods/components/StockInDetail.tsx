import { Descriptions, Table, Tag } from 'antd';
import type { goods } from '@venue/contract';
import type { z } from 'zod';
import { formatTime } from '@/lib/format';
import { formatYuan, lineAmount } from '@/lib/money';

export type StockIn = z.infer<typeof goods.stockIn>;
export const STOCK_IN_STATES: Record<string, { label: string; color: string }> = {
  P: { label: '待审核', color: 'processing' },
  A: { label: '审核通过', color: 'success' },
  D: { label: '审核不通过', color: 'error' },
  E: { label: '已完成', color: 'default' },
};
export const StockInStateTag = ({ state }: { state: string }) => <Tag color={STOCK_IN_STATES[state]?.color}>{STOCK_IN_STATES[state]?.label ?? state}</Tag>;

export function StockInDetail({ order }: { order: StockIn }) {
  return (
    <>
      <Descriptions size="small" bordered column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="单号">{order.stockInId}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StockInStateTag state={order.state} />
        </Descriptions.Item>
        <Descriptions.Item label="场馆">{order.venueName}</Descriptions.Item>
        <Descriptions.Item label="仓库">{order.warehouseName}</Descriptions.Item>
        <Descriptions.Item label="供应商">{order.supplierName}</Descriptions.Item>
        <Descriptions.Item label="价格类型">{order.supplyType === 'F' ? '阶梯价' : '全价'}</Descriptions.Item>
        <Descriptions.Item label="创建">
          {order.createName} {formatTime(order.createTime)}
        </Descriptions.Item>
        <Descriptions.Item label="审核">{order.reviewName ? `${order.reviewName} ${formatTime(order.reviewTime)}` : '—'}</Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          {order.remark || '—'}
        </Descriptions.Item>
        {order.reviewRemark && (
          <Descriptions.Item label="审核意见" span={2}>
            {order.reviewRemark}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        rowKey="goodsId"
        size="small"
        pagination={false}
        dataSource={order.details}
        columns={[
          { title: '商品', dataIndex: 'goodsName' },
          { title: '规格', dataIndex: 'specs' },
          { title: '数量', dataIndex: 'quantity', align: 'right', render: (q: number, l) => `${q} ${l.unit}` },
          { title: '进货价（元）', dataIndex: 'price', align: 'right', render: (p: number) => formatYuan(p) },
          { title: '金额（元）', key: 'amount', align: 'right', render: (_, l) => lineAmount(l.price, l.quantity) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4} align="right">
              合计
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <b>{formatYuan(order.totalPrice)}</b>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </>
  );
}
