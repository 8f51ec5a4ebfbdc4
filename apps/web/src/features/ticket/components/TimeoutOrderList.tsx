import { useState } from 'react';
import { Button, Card, Table } from 'antd';
import type { TimeoutOrder } from '@venue/contract';
import * as refund from '@venue/contract/order-refund';
import * as sale from '@venue/contract/sale';
import * as ticket from '@venue/contract/ticket';
import { PAGE_SIZES } from '@venue/contract/common/envelope';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { TimeoutRefundDialog } from './TimeoutRefundDialog';

/** 超时订单: the overstay fees of the user's venues, newest first; a paid one can be refunded (the exit stands). */
export function TimeoutOrderList() {
  const [page, setPage] = useState({ current: 1, size: 10 });
  const { data, isFetching } = useApiQuery(ticket.timeoutQuery, { query: page });
  const canRefund = usePermission([PERMISSIONS.ticket.order.refund]);
  const [refunding, setRefunding] = useState<TimeoutOrder | null>(null);
  return (
    <Card title="超时订单" size="small">
      <Table<TimeoutOrder>
        size="small"
        rowKey="orderId"
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 800 }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderId', width: 90 },
          { title: '票据码', dataIndex: 'qrCode' },
          { title: '票种', dataIndex: 'typeName' },
          { title: '超时（分钟）', dataIndex: 'minutes' },
          { title: '支付状态', dataIndex: 'payState', render: (s: string) => sale.PAY_STATE_LABELS[s] ?? s },
          { title: '金额（元）', dataIndex: 'pricePay', render: (p: number) => formatYuan(p) },
          { title: '已退（元）', dataIndex: 'refundedAmount', render: (p: number) => formatYuan(p) },
          { title: '创建时间', dataIndex: 'createTime' },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, o) =>
              canRefund && refund.REFUNDABLE_PAY_STATES.includes(o.payState) ? (
                <Button size="small" type="link" danger onClick={() => setRefunding(o)}>
                  退款
                </Button>
              ) : null,
          },
        ]}
      />
      {refunding && <TimeoutRefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </Card>
  );
}
