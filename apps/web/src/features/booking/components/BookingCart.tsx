import { useState, type RefObject } from 'react';
import { App, Button, Card, Input, InputNumber, List, Space, Typography } from 'antd';
import type { Card as MemberCard, Grid } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { PaymentDialog, payThenPrint, printPaidOrder } from '@/features/checkout';
import { MemberCardSearch, MemberDisplay } from '@/features/member-card';
import { formatYuan } from '@/lib/money';
import { useApiMutation } from '@/lib/query';
import { cellPrice, chosenRange, pickTimes, pickTotal, type Chosen } from '../booking-view';
import { useBookingPrinter } from '../useBookingPrinter';
import { HoldCountdown } from './HoldCountdown';
import { OccupyDialog } from './OccupyDialog';

export interface BookingCartProps {
  venueId: number;
  itemId: number;
  grid: Grid | undefined;
  chosen: Chosen[];
  onChosen: (chosen: Chosen[]) => void;
  card: MemberCard | null;
  onCard: (card: MemberCard | null) => void;
  /** A refusal (a cell taken): the grid is read again and what is no longer free dropped. */
  onRefused: () => void;
  /** Set to this cart's 预订 (the grid's Enter). */
  submitRef: RefObject<(() => void) | null>;
  /** An unpaid order's hold ran out (its cells' date): the cart has let it go; the auto-close job closes it (never the browser). */
  onExpired: (orderId: number, date: string) => void;
}

/** What is chosen on the grid, the member, 固定场 weeks, the total; 预订 (R) or 包场 (P) then 收款 and the slip; 占用 (L). */
export function BookingCart({ venueId, itemId, grid, chosen, onChosen, card, onCard, onRefused, submitRef, onExpired }: BookingCartProps) {
  const { modal } = App.useApp();
  const [weeks, setWeeks] = useState(1);
  const [contact, setContact] = useState({ contactName: '', phone: '' });
  /** The unpaid order made, what it was made of (the cells, member, weeks, contact), its date and when its hold ends (ms; null: never). */
  const [order, setOrder] = useState<{ orderId: number; made: string; date: string; deadline: number | null } | null>(null);
  const [paying, setPaying] = useState(false);
  const [occupying, setOccupying] = useState(false);
  const [printed, setPrinted] = useState<number[]>([]);
  const canOccupy = usePermission([PERMISSIONS.booking.order.occupy]);
  const gridCalls = [booking.gridQuery, booking.orderQuery];
  const create = useApiMutation(booking.createOrder, { invalidates: gridCalls });
  const whole = useApiMutation(booking.createWhole, { invalidates: gridCalls });
  const conflicts = useApiMutation(booking.conflicts);
  const payOrder = useApiMutation(booking.payOrder, { quiet: true, invalidates: gridCalls });
  const closeOrder = useApiMutation(booking.closeOrder, { quiet: true, invalidates: gridCalls });
  const printer = useBookingPrinter(venueId);
  const date = grid?.date ?? '';
  const range = chosenRange(grid, chosen);
  const fieldName = (id: number) => grid?.fields.find((f) => f.fieldId === id)?.fieldName ?? '';
  const who = { memberId: card?.memberId ?? null, cardId: card?.cardId ?? null, ...contact };
  const body = { venueId, itemId, weeks, ...who, cells: chosen.map((c) => ({ fieldId: c.fieldId, date, beginTime: c.beginTime, heads: c.heads })) };
  const made = JSON.stringify(body);
  const current = order?.made === made;

  function reset() {
    onChosen([]);
    onCard(null);
    setOrder(null);
    setPaying(false);
    setWeeks(1);
    setContact({ contactName: '', phone: '' });
  }
  /** The unpaid order made of something else (other cells, another member): closed, its cells freed. */
  function dropOrder() {
    if (order) closeOrder.mutate({ body: { orderId: order.orderId } });
    setOrder(null);
  }
  function discard() {
    dropOrder();
    reset();
  }
  function opened(created: { orderId: number; holdSeconds: number | null } | null, what: string) {
    if (!created) return onRefused();
    // The hold counted from the answer's arrival on this browser's clock (the server's may differ).
    setOrder({ orderId: created.orderId, made: what, date, deadline: created.holdSeconds === null ? null : Date.now() + created.holdSeconds * 1000 });
    setPaying(true);
  }
  /** 00:00: the order is let go (a payment under way decides first); the auto-close job closes it. */
  function holdEnded() {
    if (!order || payOrder.isPending) return;
    setPaying(false);
    setOrder(null);
    onExpired(order.orderId, order.date);
  }
  const countdown = order?.deadline != null && <HoldCountdown deadline={order.deadline} onExpired={holdEnded} />;
  /** 固定场: the weekly cells checked first; any conflict is listed and nothing is made. */
  async function weeklyOk(): Promise<boolean> {
    const checked = await conflicts.mutateAsync({ body }).catch(() => null);
    if (!checked) return false;
    // The server's reason names the cell.
    const names = checked.conflicts.map((c) => c.reason);
    if (names.length) {
      modal.warning({
        title: `有${names.length}个时段不可预订`,
        content: <List size="small" dataSource={names} renderItem={(n) => <List.Item>{n}</List.Item>} />,
      });
      return false;
    }
    return modal.confirm({
      title: '固定场',
      content: `连续${weeks}周，共${checked.cells}个时段，合计 ${checked.times !== null ? `${checked.times} 次` : `${formatYuan(checked.total)} 元`}`,
      okText: '确定',
      cancelText: '取消',
    });
  }
  async function reserve() {
    if (current) return setPaying(true);
    dropOrder();
    if (!chosen.length) return modal.warning({ title: '提示', content: booking.BOOKING_MSG.chooseCells });
    if (weeks > 1 && !(await weeklyOk())) return;
    opened(await create.mutateAsync({ body }).catch(() => null), made);
  }
  async function wholeVenue() {
    if (!range) return modal.warning({ title: '提示', content: '请先在预订表中选择包场的时段' });
    const ok = await modal.confirm({ title: '包场', content: `全部场地 ${date} ${range.beginTime}-${range.endTime}`, okText: '确定', cancelText: '取消' });
    if (!ok) return;
    dropOrder();
    opened(
      await whole.mutateAsync({ body: { venueId, itemId, date, beginTime: range.beginTime, endTime: range.endTime, ...who } }).catch(() => null),
      `P${made}`,
    );
  }
  submitRef.current = () => void reserve();
  const pay = payThenPrint({
    pay: (request) => payOrder.mutateAsync({ body: request }),
    success: (request) => `收款成功，预订订单号 ${request.orderId}`,
    paid: reset,
    print: printPaidOrder(printer),
    done: setPrinted,
    failed: (outcome) => {
      if (outcome === 'close') setPaying(false);
      if (outcome === 'clear' || outcome === 'reorder') reset();
    },
  });
  const setHeads = (c: Chosen, heads: number | null) => onChosen(chosen.map((x) => (x === c ? { ...x, heads: Math.max(1, heads ?? 1) } : x)));
  const total = pickTotal(grid, chosen).times(weeks);
  // A times card attached: the cells are reckoned in times (what it pays in 收款).
  const times = pickTimes(grid, chosen);

  return (
    <Card title="预订信息" size="small">
      {chosen.length === 0 && <Typography.Paragraph type="secondary">请在预订表中选择场地时段（方向键移动，空格选择，回车预订）</Typography.Paragraph>}
      <List
        size="small"
        style={{ display: chosen.length ? undefined : 'none' }}
        dataSource={chosen}
        renderItem={(c) => {
          const field = grid?.fields.find((f) => f.fieldId === c.fieldId);
          return (
            <List.Item>
              <span>
                {fieldName(c.fieldId)} {c.beginTime} {cellPrice(field?.cells.find((x) => x.beginTime === c.beginTime) ?? { price: 0, times: null })}
              </span>
              {field?.saleMode === 'C' && (
                <InputNumber
                  size="small"
                  aria-label={`${field.fieldName} ${c.beginTime} 人数`}
                  min={1}
                  max={field.capacity}
                  precision={0}
                  value={c.heads}
                  onChange={(h) => setHeads(c, h)}
                  addonAfter="人"
                  style={{ width: 100 }}
                />
              )}
            </List.Item>
          );
        }}
      />
      <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
        <MemberCardSearch scanner={false} venueId={venueId} onSelect={onCard} selected={card} />
        {card && (
          <div>
            <MemberDisplay card={card} />
            <Button size="small" type="link" onClick={() => onCard(null)}>
              移除会员
            </Button>
          </div>
        )}
        <Space wrap>
          <Input
            aria-label="联系人"
            placeholder="联系人"
            maxLength={20}
            value={contact.contactName}
            onChange={(e) => setContact({ ...contact, contactName: e.target.value })}
            style={{ width: 120 }}
          />
          <Input
            aria-label="联系电话"
            placeholder="联系电话"
            maxLength={11}
            value={contact.phone}
            onChange={(e) => setContact({ ...contact, phone: e.target.value })}
            style={{ width: 140 }}
          />
          <InputNumber
            aria-label="固定场周数"
            min={1}
            max={booking.MAX_WEEKS}
            precision={0}
            value={weeks}
            onChange={(w) => setWeeks(w ?? 1)}
            addonBefore="连续"
            addonAfter="周"
            style={{ width: 130 }}
          />
        </Space>
        <Typography.Text strong>
          已选 {chosen.length} 个时段，合计：{times !== null ? `${times * weeks} 次` : `${formatYuan(total.toNumber())} 元`}
        </Typography.Text>
        <Space wrap>
          <Button type="primary" loading={create.isPending || conflicts.isPending} onClick={() => void reserve()}>
            {current ? '继续收款' : '预订并收款'}
          </Button>
          <Button loading={whole.isPending} onClick={() => void wholeVenue()}>
            包场
          </Button>
          {canOccupy && (
            <Button onClick={() => (range ? setOccupying(true) : modal.warning({ title: '提示', content: '请先在预订表中选择占用的场地时段' }))}>
              场地占用
            </Button>
          )}
          {chosen.length > 0 && <Button onClick={discard}>清空</Button>}
          {printed.length > 0 && <Button onClick={() => void printer.reprint(printed)}>重打</Button>}
        </Space>
        {!paying && countdown}
      </Space>
      {order && (
        <PaymentDialog
          forPay={booking.queryOrderForPay}
          open={paying}
          orderId={order.orderId}
          memberId={card?.memberId ?? null}
          venueId={venueId}
          payTypes="M,T"
          onPay={pay}
          onClose={() => setPaying(false)}
          notice={countdown}
        />
      )}
      {occupying && range && (
        <OccupyDialog
          venueId={venueId}
          itemId={itemId}
          date={date}
          range={{ ...range, names: range.fieldIds.map(fieldName).join('、') }}
          onDone={() => {
            setOccupying(false);
            onChosen([]);
          }}
          onClose={() => setOccupying(false)}
        />
      )}
    </Card>
  );
}
