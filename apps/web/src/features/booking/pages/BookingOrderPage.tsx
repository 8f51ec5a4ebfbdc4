import { useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Select, Tag } from 'antd';
import type { BookingOrder } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import * as sale from '@venue/contract/sale';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { usePermission } from '@/components/Permission';
import { formatYuan } from '@/lib/money';
import { BookingLinesTable } from '../components/BookingLinesTable';
import { CancelDialog } from '../components/CancelDialog';
import { CheckInDialog } from '../components/CheckInDialog';
import { linesText } from '../booking-view';

interface Filters {
  orderId?: number;
  orderType?: 'R' | 'P' | 'L';
  useDate?: string;
  phone?: string;
}
const TYPE_OPTIONS = booking.ORDER_TYPES.map((t) => ({ value: t, label: booking.ORDER_TYPE_LABELS[t] }));
/** The search box values as the query: empty boxes left out (the server checks a date's and a number's form). */
const toFilters = (v: Record<string, unknown>): Filters => {
  const filled = Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x !== 'string' || x.trim() !== ''));
  return { ...filled, orderId: filled.orderId ? Number(filled.orderId) : undefined };
};
type Open = { kind: 'detail' | 'check' | 'cancel'; order: BookingOrder } | null;

/** 预订订单: the venue's booking orders, paged on the server; 详情, 开场 (A → U), 退订 by the tenant's rules. */
export default function BookingOrderPage() {
  const [open, setOpen] = useState<Open>(null);
  const canCheck = usePermission([PERMISSIONS.booking.check.check]);
  const canCancel = usePermission([PERMISSIONS.booking.order.cancel]);
  const close = () => setOpen(null);
  const live = (o: BookingOrder) => o.details.some((d) => d.state === 'A');

  return (
    <>
      <CrudPage<BookingOrder, Filters, object>
        entity="预订订单"
        rowKey="orderId"
        list={booking.orderQuery}
        toFilters={toFilters}
        searchFields={
          <>
            <Form.Item name="orderId">
              <Input placeholder="订单号" allowClear style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="useDate">
              <Input placeholder="使用日期 yyyy-MM-dd" allowClear style={{ width: 170 }} />
            </Form.Item>
            <Form.Item name="phone">
              <Input placeholder="联系电话" allowClear style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="orderType">
              <Select placeholder="订单类型" aria-label="订单类型" allowClear options={TYPE_OPTIONS} style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '订单号', dataIndex: 'orderId', width: 90 },
          { title: '类型', dataIndex: 'orderType', width: 70, render: (t: string) => booking.ORDER_TYPE_LABELS[t] },
          { title: '项目', dataIndex: 'itemName', width: 90 },
          { title: '场地时段', key: 'lines', ellipsis: true, render: (_, o) => linesText(o) },
          { title: '预订人', key: 'who', width: 110, render: (_, o) => o.memberName ?? (o.contactName || (o.orderType === 'L' ? o.remark : '散客')) },
          { title: '实收（元）', dataIndex: 'pricePay', width: 100, render: (p: number) => formatYuan(p) },
          { title: '支付状态', dataIndex: 'payState', width: 90, render: (s: string) => <Tag>{sale.PAY_STATE_LABELS[s] ?? s}</Tag> },
          { title: '下单时间', dataIndex: 'createTime', width: 160 },
        ]}
        actionWidth={200}
        rowActions={(o) => (
          <>
            <Button type="link" size="small" onClick={() => setOpen({ kind: 'detail', order: o })}>
              详情
            </Button>
            {canCheck && live(o) && o.orderType !== 'L' && o.payState !== 'U' && (
              <Button type="link" size="small" onClick={() => setOpen({ kind: 'check', order: o })}>
                开场
              </Button>
            )}
            {canCancel && live(o) && (
              <Button type="link" size="small" danger onClick={() => setOpen({ kind: 'cancel', order: o })}>
                {o.orderType === 'L' ? '取消占用' : '退订'}
              </Button>
            )}
          </>
        )}
      />
      {open?.kind === 'detail' && (
        <Modal open width={760} title={`预订订单 ${open.order.orderId}`} footer={null} onCancel={close}>
          <Descriptions
            size="small"
            column={2}
            items={[
              { label: '类型', children: booking.ORDER_TYPE_LABELS[open.order.orderType] },
              { label: '场馆项目', children: `${open.order.venueName} ${open.order.itemName}` },
              { label: '会员', children: open.order.memberName ?? '散客' },
              { label: '联系人', children: `${open.order.contactName} ${open.order.phone}`.trim() || '—' },
              { label: '实收', children: `${formatYuan(open.order.pricePay)} 元` },
              { label: '已退', children: `${formatYuan(open.order.refundedAmount)} 元` },
              { label: '备注', children: open.order.remark || '—' },
              { label: '操作员', children: `${open.order.createName} ${open.order.createTime}` },
            ]}
          />
          <BookingLinesTable rows={open.order.details} />
        </Modal>
      )}
      {open?.kind === 'check' && <CheckInDialog order={open.order} onClose={close} />}
      {open?.kind === 'cancel' && <CancelDialog order={open.order} onClose={close} />}
    </>
  );
}
