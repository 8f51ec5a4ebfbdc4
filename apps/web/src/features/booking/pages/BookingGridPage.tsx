import { useEffect, useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Radio, Select, Space, Tag, Typography } from 'antd';
import type { Card as MemberCard } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import * as system from '@venue/contract/system';
import { chinaDate } from '@venue/contract/common/china-time';
import { useSession } from '@/lib/session';
import { useApiQuery } from '@/lib/query';
import { toast } from '@/lib/notify';
import { BookingCart } from '../components/BookingCart';
import { BookingGrid } from '../components/BookingGrid';
import { canPick, CELL_COLORS, chosenKey, dateStrip, stillFree, stillHeld, type Chosen } from '../booking-view';
import { usePhone } from '../usePhone';
import styles from './BookingGridPage.module.css';

/** How many weeks past this one the date strip goes. */
const MAX_WEEKS_AHEAD = 8;
/** The grid reads again this often; while an order whose hold ran out waits for the auto-close job, this often. */
const GRID_REFRESH_MS = 30_000;
const CLOSING_REFRESH_MS = 3_000;

/** 场地预订: the item and date, the grid of its fields (one field at a time on a phone), and the cart beside it. */
export default function BookingGridPage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const items = useApiQuery(system.sportItems, { query: { venueId: venueId ?? undefined } }, { enabled: !!venueId }).data ?? [];
  const [itemId, setItemId] = useState<number | null>(null);
  const [week, setWeek] = useState(0);
  const days = dateStrip(chinaDate(Date.now()), 7, week * 7);
  const [date, setDate] = useState(days[0].date);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [card, setCard] = useState<MemberCard | null>(null);
  const [phoneField, setPhoneField] = useState<number | null>(null);
  const phone = usePhone();
  const submit = useRef<(() => void) | null>(null);
  /** An order of this date whose hold ran out, until the grid shows its cells freed (the job closes it within its minute). */
  const [closing, setClosing] = useState<number | null>(null);
  const item = itemId ?? items[0]?.itemId ?? null;
  const input = { query: { venueId: venueId!, itemId: item!, date, cardId: card?.cardId } };
  // The grid stays while another date or the member's prices load: focus and the scroll stay where they were.
  const grid = useApiQuery(booking.gridQuery, input, {
    enabled: !!venueId && !!item,
    refetchInterval: closing ? CLOSING_REFRESH_MS : GRID_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    setChosen([]);
    setClosing(null);
  }, [venueId, item, date]);
  const closed = closing !== null && !!grid.data && grid.data.date === date && !grid.isPlaceholderData && !stillHeld(grid.data, closing);
  useEffect(() => {
    if (!closed) return;
    toast.warning(`订单 ${closing} 超时未支付，已自动关闭，时段已释放`);
    setClosing(null);
  }, [closed, closing]);
  // A card the item does not take: the server has said why; the grid goes back to its own prices.
  if (grid.isError && card) setCard(null);

  if (!venueId) return <Empty description="请先选择当前场馆" />;
  const data = grid.data;
  const fields = data?.fields ?? [];
  const shownIds = phone ? [phoneField ?? fields[0]?.fieldId].filter((id): id is number => !!id) : fields.map((f) => f.fieldId);

  function moveWeek(by: number) {
    const next = dateStrip(chinaDate(Date.now()), 7, (week + by) * 7);
    setWeek(week + by);
    setDate(next[0].date);
  }
  function toggle(fieldId: number, beginTime: string) {
    const cell = fields.find((f) => f.fieldId === fieldId)?.cells.find((c) => c.beginTime === beginTime);
    const key = chosenKey(fieldId, beginTime);
    if (chosen.some((c) => chosenKey(c.fieldId, c.beginTime) === key)) return setChosen(chosen.filter((c) => chosenKey(c.fieldId, c.beginTime) !== key));
    if (!cell || !canPick(cell.state, cell.left)) return toast.warning(`该时段${booking.CELL_STATE_LABELS[cell?.state ?? 'closed']}，不可选择`);
    setChosen([...chosen, { fieldId, beginTime, heads: 1 }]);
  }
  async function refused() {
    const fresh = await grid.refetch();
    setChosen((now) => stillFree(fresh.data, now));
  }
  const cart = (
    <BookingCart
      venueId={venueId}
      itemId={item ?? 0}
      grid={data}
      chosen={chosen}
      onChosen={setChosen}
      card={card}
      onCard={setCard}
      onRefused={() => void refused()}
      submitRef={submit}
      onExpired={(orderId, orderDate) => {
        // Another date shown: nothing here to watch free.
        if (orderDate !== date) return toast.warning(`订单 ${orderId} 支付超时，系统将自动关闭`);
        setClosing(orderId);
        void grid.refetch();
      }}
    />
  );

  return (
    <div className={styles.page}>
      <Card size="small" className={styles.main}>
        <Space wrap style={{ marginBottom: 8 }}>
          <Select
            aria-label="运动项目"
            style={{ width: 140 }}
            value={item}
            onChange={setItemId}
            options={items.map((i) => ({ value: i.itemId, label: i.itemName }))}
            placeholder="运动项目"
          />
          <Space size={4} wrap>
            <Button size="small" disabled={week === 0} onClick={() => moveWeek(-1)}>
              上一周
            </Button>
            <Radio.Group aria-label="日期" value={date} onChange={(e) => setDate(e.target.value as string)} optionType="button" size="small">
              {days.map((d) => (
                <Radio.Button key={d.date} value={d.date}>
                  {d.label}
                </Radio.Button>
              ))}
            </Radio.Group>
            <Button size="small" disabled={week >= MAX_WEEKS_AHEAD} onClick={() => moveWeek(1)}>
              下一周
            </Button>
          </Space>
        </Space>
        <div className={styles.legend} aria-label="图例">
          {booking.CELL_STATES.map((s) => (
            <Tag key={s} style={{ background: CELL_COLORS[s].bg, color: CELL_COLORS[s].fg }}>
              {booking.CELL_STATE_LABELS[s]}
            </Tag>
          ))}
        </div>
        {data?.closedReason && <Typography.Text type="danger">闭馆：{data.closedReason}</Typography.Text>}
        {closing !== null && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            data-testid="hold-expired"
            message={`订单 ${closing} 支付超时，系统正在自动关闭，所占时段随后释放`}
          />
        )}
        {phone && fields.length > 0 && (
          <Select
            aria-label="场地"
            style={{ width: '100%', marginBottom: 8 }}
            value={shownIds[0]}
            onChange={setPhoneField}
            options={fields.map((f) => ({ value: f.fieldId, label: f.fieldName }))}
          />
        )}
        {data && fields.length ? (
          <BookingGrid
            grid={data}
            fieldIds={shownIds}
            chosen={new Set(chosen.map((c) => chosenKey(c.fieldId, c.beginTime)))}
            onToggle={toggle}
            onSubmit={() => submit.current?.()}
          />
        ) : (
          <Empty description={grid.isLoading ? '加载中' : '该项目暂无可预订场地'} />
        )}
      </Card>
      <div className={styles.side}>{cart}</div>
    </div>
  );
}
