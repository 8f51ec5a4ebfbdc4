import { useState } from 'react';
import { Button, Card, Table, Tag } from 'antd';
import type { TicketOrder } from '@venue/contract';
import * as sale from '@venue/contract/sale';
import * as ticket from '@venue/contract/ticket';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@venue/contract/common/envelope';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { useTicketPrinter } from '../useTicketPrinter';
import { stateTag } from '../ticket-view';
import { refundableTickets, TicketRefundDialog } from './TicketRefundDialog';

/** 售票订单: the orders of the user's venues, newest first, with their tickets and 重打. */
export function TicketOrderList({ venueId }: { venueId: number }) {
  const [page, setPage] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const { data, isFetching } = useApiQuery(ticket.orderQuery, { query: page });
  const printer = useTicketPrinter(venueId);
  const canRefund = usePermission([PERMISSIONS.ticket.order.refund]);
  const [refunding, setRefunding] = useState<TicketOrder | null>(null);
  return (
    <Card title="售票订单" size="small">
      <Table<TicketOrder>
        size="small"
        rowKey="orderId"
        loading={isFetching}
        dataSource={data?.records ?? []}
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
        expandable={{
          expandedRowRender: (o) => (
            <Table
              size="small"
              rowKey="detailId"
              pagination={false}
              dataSource={o.details}
              columns={[
                { title: '票据码', dataIndex: 'qrCode' },
                { title: '票种', dataIndex: 'typeName' },
                { title: '票价（元）', dataIndex: 'pricePay', render: (p: number) => formatYuan(p) },
                {
                  title: '票据状态',
                  dataIndex: 'detailState',
                  render: (s: string) => <Tag color={stateTag(s).color}>{s === 'C' ? '已作废' : s === 'P' ? '未支付' : stateTag(s).text}</Tag>,
                },
              ]}
            />
          ),
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderId', width: 90 },
          { title: '订单状态', dataIndex: 'orderState', render: (s: string) => sale.ORDER_STATE_LABELS[s] ?? s },
          { title: '支付状态', dataIndex: 'payState', render: (s: string) => sale.PAY_STATE_LABELS[s] ?? s },
          { title: '金额（元）', dataIndex: 'pricePay', render: (p: number) => formatYuan(p) },
          { title: '张数', key: 'n', render: (_, o) => o.details.length },
          { title: '会员', dataIndex: 'memberName', render: (n: string | null) => n ?? '散客' },
          { title: '售票员', dataIndex: 'createName' },
          { title: '创建时间', dataIndex: 'createTime' },
          {
            title: '操作',
            key: 'actions',
            render: (_, o) =>
              o.payState === 'P' || o.payState === 'PR' ? (
                <>
                  <Button size="small" type="link" onClick={() => void printer.reprint([o.orderId])}>
                    重打
                  </Button>
                  {canRefund && refundableTickets(o).length > 0 && (
                    <Button size="small" type="link" danger onClick={() => setRefunding(o)}>
                      退款
                    </Button>
                  )}
                </>
              ) : null,
          },
        ]}
      />
      {refunding && <TicketRefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </Card>
  );
}
