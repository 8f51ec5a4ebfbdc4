import { Button, Table, Tag } from 'antd';
import type { SaleRefund } from '@venue/contract';
import * as sale from '@venue/contract/sale';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';

const STATE_COLORS: Record<string, string> = { R: 'success', U: 'warning', F: 'error' };

/** 退款记录 of an order in its details: each refund, 查询 for one whose result is unknown, and its slip again. */
export function OrderRefunds({ orderId, onPrint }: { orderId: number; onPrint: (refund: SaleRefund) => void }) {
  const refunds = useApiQuery(sale.orderRefunds, { query: { orderId } });
  const mayRefund = usePermission([PERMISSIONS.goods.saleOrder.refund]);
  const ask = useApiMutation(sale.queryRefund, { invalidates: [sale.orderRefunds, sale.query, sale.orderById] });
  if (!refunds.data?.length) return null;
  return (
    <Table<SaleRefund>
      rowKey="refundId"
      size="small"
      pagination={false}
      style={{ marginTop: 12 }}
      title={() => '退款记录'}
      dataSource={refunds.data}
      columns={[
        { title: '退款单号', dataIndex: 'refundId', width: 90 },
        { title: '商品', key: 'goods', render: (_, r) => r.lines.map((l) => `${l.goodsName}×${l.quantity}`).join('，') },
        { title: '金额', dataIndex: 'amount', render: (a: number) => formatYuan(a) },
        { title: '方式', dataIndex: 'route', render: (route: string) => sale.REFUND_ROUTE_LABELS[route] },
        { title: '状态', dataIndex: 'state', render: (s: string) => <Tag color={STATE_COLORS[s]}>{sale.REFUND_STATE_LABELS[s] ?? s}</Tag> },
        { title: '操作员', dataIndex: 'createName' },
        { title: '时间', dataIndex: 'createTime', render: formatTime },
        {
          title: '操作',
          key: 'op',
          render: (_, r) =>
            r.state === 'U' ? (
              mayRefund && (
                <Button
                  size="small"
                  type="link"
                  loading={ask.isPending}
                  onClick={() =>
                    void ask.mutateAsync({ body: { refundId: r.refundId } }).then((now) => {
                      if (now.state === 'R') toast.success('退款成功');
                      else if (now.state === 'F') toast.error(sale.refundMsg.failed(now.message));
                      else toast.warning(sale.refundMsg.unknown);
                    })
                  }
                >
                  查询
                </Button>
              )
            ) : r.state === 'R' ? (
              <Button size="small" type="link" onClick={() => onPrint(r)}>
                打印退款单
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
