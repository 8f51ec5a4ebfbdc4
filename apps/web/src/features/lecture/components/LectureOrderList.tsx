import { useState } from 'react';
import { Button, Card, Table, Tag } from 'antd';
import type { LectureOrder, LectureUser } from '@venue/contract';
import * as refund from '@venue/contract/order-refund';
import * as sale from '@venue/contract/sale';
import * as lecture from '@venue/contract/lecture';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@venue/contract/common/envelope';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { CloseOrderButton } from '@/features/checkout';
import { stateTag } from '@/features/ticket';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { lectureDatesText, lectureTimesText } from '../lecture-view';
import { useLecturePrinter } from '../useLecturePrinter';
import { LectureRefundDialog, refundableUsers } from './LectureRefundDialog';

const userState = (s: string) => (s === 'C' ? '已作废' : s === 'P' ? '未支付' : stateTag(s).text);

/** 讲座订单: sign-ups of the user's venues, newest first, with their participants and ticket codes; an unpaid one can be closed (its seats go back). */
export function LectureOrderList({ venueId }: { venueId: number | null }) {
  const [page, setPage] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const { data, isFetching } = useApiQuery(lecture.orderQuery, { query: page });
  const printer = useLecturePrinter(venueId);
  const canRefund = usePermission([PERMISSIONS.lecture.order.refund]);
  const [refunding, setRefunding] = useState<LectureOrder | null>(null);
  return (
    <Card title="讲座订单" size="small">
      <Table<LectureOrder>
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
        expandable={{
          expandedRowRender: (o) => (
            <Table<LectureUser>
              size="small"
              rowKey="userId"
              pagination={false}
              dataSource={o.details}
              columns={[
                { title: '票号', dataIndex: 'ticketCode' },
                { title: '参会人', dataIndex: 'userName' },
                { title: '联系方式', dataIndex: 'phone' },
                { title: '使用日期', key: 'dates', render: (_, u) => lectureDatesText(u) },
                { title: '使用时间', key: 'times', render: (_, u) => lectureTimesText(u) },
                { title: '票据状态', dataIndex: 'state', render: (s: string) => <Tag color={stateTag(s).color}>{userState(s)}</Tag> },
              ]}
            />
          ),
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderId', width: 90 },
          { title: '讲座', dataIndex: 'lectureName' },
          { title: '票种', dataIndex: 'ticketName' },
          { title: '订单状态', dataIndex: 'orderState', render: (s: string) => sale.ORDER_STATE_LABELS[s] ?? s },
          { title: '支付状态', dataIndex: 'payState', render: (s: string) => sale.PAY_STATE_LABELS[s] ?? s },
          { title: '金额（元）', dataIndex: 'pricePay', render: (p: number) => formatYuan(p) },
          { title: '人数', key: 'n', render: (_, o) => o.details.length },
          { title: '会员', dataIndex: 'memberName', render: (n: string | null) => n ?? '散客' },
          { title: '联系电话', dataIndex: 'phone' },
          { title: '创建时间', dataIndex: 'createTime' },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, o) => (
              <>
                {(o.payState === 'P' || o.payState === 'PR') && (
                  <Button size="small" type="link" onClick={() => void printer.reprint([o.orderId])}>
                    打印
                  </Button>
                )}
                {canRefund && refund.REFUNDABLE_PAY_STATES.includes(o.payState) && refundableUsers(o).length > 0 && (
                  <Button size="small" type="link" danger onClick={() => setRefunding(o)}>
                    退款
                  </Button>
                )}
                <CloseOrderButton
                  order={o}
                  closeCall={lecture.closeOrder}
                  invalidates={[lecture.orderQuery, lecture.forSale]}
                  permission={PERMISSIONS.lecture.order.add}
                />
              </>
            ),
          },
        ]}
      />
      {refunding && <LectureRefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </Card>
  );
}
