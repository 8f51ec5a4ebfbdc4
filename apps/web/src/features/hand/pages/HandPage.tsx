import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Tabs, Tag } from 'antd';
import type { CallQuery, Hand, HandOrder, TicketEntry } from '@venue/contract';
import * as hand from '@venue/contract/hand';
import * as ticketDesk from '@venue/contract/ticket-desk';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { usePermission } from '@/components/Permission';
import { PaymentDialog, payThenPrint, printPaidOrder, useReceiptPrinter } from '@/features/checkout';
import { stateTag, useBandTicketPrinter } from '@/features/ticket';
import { callApi } from '@/lib/http';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';
import { notify, toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';
import { useSession } from '@/lib/session';
import { ReturnHandDialog } from '../components/ReturnHandDialog';
import { HAND_RECEIPTS } from '../receipts';

const P = PERMISSIONS.system.hand;
const CHANGES = [hand.queryHandInUse, hand.queryHandDepositDetail, hand.all];
type HandValues = { phyId: string; handNo?: string; venueId: number; deposit: number; state: 'A' | 'S'; remark?: string };
const STATE_COLORS: Record<string, string> = { A: 'processing', E: 'success', P: 'default', C: 'default' };

const orderColumns = [
  { title: '押金单', dataIndex: 'orderId', width: 80 },
  { title: '手牌', key: 'hand', render: (_: unknown, o: HandOrder) => `${o.handNo}（${o.phyId}）` },
  { title: '押金', dataIndex: 'pricePay', align: 'right' as const, render: (p: number) => formatYuan(p) },
  { title: '手牌消费', dataIndex: 'charged', align: 'right' as const, render: (p: number) => formatYuan(p) },
  {
    title: '未结清',
    dataIndex: 'unsettled',
    align: 'right' as const,
    render: (p: number) => (p > 0 ? <Tag color="warning">{formatYuan(p)}</Tag> : '—'),
  },
  { title: '状态', dataIndex: 'orderState', render: (s: string) => <Tag color={STATE_COLORS[s]}>{hand.HAND_ORDER_STATE_LABELS[s] ?? s}</Tag> },
  { title: '已退押金', dataIndex: 'refundedAmount', align: 'right' as const, render: (p: number) => (p > 0 ? formatYuan(p) : '—') },
  { title: '租借时间', dataIndex: 'payTime', render: (t: string | null) => (t ? formatTime(t) : '—') },
];

/**
 * 手牌管理: 租借 (scan a band, its deposit through the 收款 dialog, the 手牌押金单), the bands in use
 * (结算 what was charged to them, 归还: the deposit back, the band free), the deposit detail, and the
 * register (bands scanned in by physical id, one after another).
 */
export default function HandPage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const venues = useSession((s) => s.user?.venues ?? []);
  const printer = useReceiptPrinter(venueId, HAND_RECEIPTS);
  const ticketPrinter = useBandTicketPrinter(venueId);
  const mayLend = usePermission([P.lend]);
  const mayReturn = usePermission([P.return]);
  const mayAdd = usePermission([P.add]);
  const [code, setCode] = useState('');
  const [paying, setPaying] = useState<{ orderId: number; memberId: number | null } | null>(null);
  const [returning, setReturning] = useState<HandOrder | null>(null);
  const [scanDeposit, setScanDeposit] = useState(20);
  const [scanCode, setScanCode] = useState('');
  const createDeposit = useApiMutation(hand.createHandDepositOrder);
  const createSettle = useApiMutation(hand.createHandSettleOrder);
  const payOrder = useApiMutation(hand.payOrder, { quiet: true, invalidates: CHANGES });
  const addHand = useApiMutation(hand.add, { invalidates: CHANGES });
  const editHand = useApiMutation(hand.edit, { invalidates: CHANGES });
  const setState = useApiMutation(hand.setState, { invalidates: CHANGES });

  /** 租借: the scanned band, free and enabled, gets a deposit order to pay. */
  async function lend() {
    const raw = code.trim();
    if (!raw || !venueId) return;
    let found;
    try {
      found = await callApi(hand.lookup, { query: { id: raw } }, { quiet: true });
    } catch (error) {
      return notify.warning(error instanceof Error ? error.message : hand.handMsg.notFound);
    }
    if (!found) return notify.warning(hand.handMsg.notFound);
    if (found.order) return notify.warning(hand.handMsg.inUse);
    const created = await createDeposit.mutateAsync({ body: { handId: found.hand.handId, venueId } }).catch(() => null);
    if (!created) return;
    setCode('');
    setPaying({ orderId: created.orderId, memberId: null });
  }

  async function settle(o: HandOrder) {
    const created = await createSettle.mutateAsync({ body: { orderId: o.orderId } }).catch(() => null);
    if (created) setPaying({ orderId: created.orderId, memberId: o.memberId });
  }

  const pay = payThenPrint({
    pay: (request) => payOrder.mutateAsync({ body: request }),
    paid: () => setPaying(null),
    print: printPaidOrder(printer),
    failed: (outcome) => outcome !== 'keep' && setPaying(null),
  });

  /** 扫码登记: each scanned physical id becomes a band of the current venue at the deposit set. */
  async function register() {
    const phyId = scanCode.trim();
    if (!phyId || !venueId) return;
    const added = await addHand.mutateAsync({ body: { phyId, venueId, deposit: scanDeposit, state: 'A' } }).catch(() => null);
    setScanCode('');
    if (added) toast.success(`已登记手牌 ${added.handNo}`);
  }

  const inUse = (
    <CrudPage<HandOrder, Omit<CallQuery<typeof hand.queryHandInUse>, 'current' | 'size'>, object>
      entity="使用中手牌"
      rowKey="orderId"
      list={hand.queryHandInUse}
      searchFields={
        <Form.Item name="keyword">
          <Input placeholder="手牌编号或物理卡号" allowClear style={{ width: 180 }} />
        </Form.Item>
      }
      columns={orderColumns}
      rowActions={(o) => (
        <>
          {mayReturn && o.unsettled > 0 && (
            <Button size="small" type="link" onClick={() => void settle(o)}>
              结算
            </Button>
          )}
          {mayReturn && (
            <Button size="small" type="link" onClick={() => setReturning(o)}>
              归还
            </Button>
          )}
          <Button size="small" type="link" onClick={() => void printer.reprint([o.orderId])}>
            重打
          </Button>
        </>
      )}
    />
  );
  const detail = (
    <CrudPage<HandOrder, Omit<CallQuery<typeof hand.queryHandDepositDetail>, 'current' | 'size'>, object>
      entity="押金明细"
      rowKey="orderId"
      list={hand.queryHandDepositDetail}
      searchFields={
        <Form.Item name="orderState">
          <Select
            placeholder="状态"
            aria-label="押金单状态"
            allowClear
            style={{ width: 130 }}
            options={Object.entries(hand.HAND_ORDER_STATE_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      }
      columns={[...orderColumns, { title: '归还时间', dataIndex: 'returnTime', render: (t: string | null) => (t ? formatTime(t) : '—') }]}
      rowActions={(o) =>
        o.payState !== 'U' && (
          <Button size="small" type="link" onClick={() => void printer.reprint([o.orderId])}>
            重打
          </Button>
        )
      }
    />
  );
  const tickets = (
    <CrudPage<TicketEntry, Omit<CallQuery<typeof ticketDesk.queryDetailPageWithHand>, 'current' | 'size'>, object>
      entity="手牌票据"
      rowKey="checkId"
      list={ticketDesk.queryDetailPageWithHand}
      searchFields={
        <>
          <Form.Item name="handNo">
            <Input placeholder="手牌编号或物理卡号" aria-label="票据手牌" allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="inside">
            <Select
              placeholder="在场"
              allowClear
              style={{ width: 110 }}
              options={[
                { value: 'T', label: '在场' },
                { value: 'F', label: '已离场' },
              ]}
            />
          </Form.Item>
        </>
      }
      columns={[
        { title: '手牌', dataIndex: 'handNo' },
        { title: '票种', dataIndex: 'typeName' },
        { title: '票据码', dataIndex: 'qrCode' },
        { title: '订单号', dataIndex: 'orderId', width: 80 },
        { title: '状态', dataIndex: 'detailState', render: (s: string) => <Tag color={stateTag(s).color}>{stateTag(s).text}</Tag> },
        { title: '入场时间', dataIndex: 'checkTime' },
        { title: '离场时间', dataIndex: 'exitTime', render: (t: string | null) => t ?? '在场' },
      ]}
      rowActions={(t) => (
        <Button size="small" type="link" onClick={() => void ticketPrinter.reprint([t.orderId])}>
          打印
        </Button>
      )}
    />
  );
  const register_ = (
    <>
      {mayAdd && (
        <Space wrap style={{ marginBottom: 12 }}>
          <span>扫码登记：押金</span>
          <InputNumber aria-label="登记押金" min={0} precision={2} value={scanDeposit} onChange={(v) => setScanDeposit(v ?? 0)} />
          <Input
            aria-label="扫描物理卡号"
            placeholder="扫描手牌物理卡号，逐个登记"
            value={scanCode}
            onChange={(e) => setScanCode(e.target.value)}
            onPressEnter={() => void register()}
            style={{ width: 240 }}
          />
        </Space>
      )}
      <CrudPage<Hand, Omit<CallQuery<typeof hand.all>, 'current' | 'size'>, HandValues>
        entity="手牌"
        rowKey="handId"
        list={hand.all}
        permissions={{ add: P.add, edit: P.edit }}
        searchFields={
          <>
            <Form.Item name="keyword">
              <Input placeholder="手牌编号或物理卡号" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="inUse">
              <Select
                placeholder="使用状态"
                allowClear
                style={{ width: 110 }}
                options={[
                  { value: 'T', label: '使用中' },
                  { value: 'F', label: '空闲' },
                ]}
              />
            </Form.Item>
          </>
        }
        columns={[
          { title: '编号', dataIndex: 'handNo' },
          { title: '物理卡号', dataIndex: 'phyId' },
          { title: '场馆', dataIndex: 'venueName' },
          { title: '押金', dataIndex: 'deposit', align: 'right', render: (p: number) => formatYuan(p) },
          { title: '状态', dataIndex: 'state', render: (s: string) => (s === 'A' ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
          { title: '使用', dataIndex: 'inUse', render: (u: boolean) => (u ? <Tag color="processing">使用中</Tag> : '空闲') },
        ]}
        defaults={{ venueId: venueId ?? undefined, deposit: 20, state: 'A' }}
        toValues={(h) => ({ phyId: h.phyId, handNo: h.handNo, venueId: h.venueId, deposit: h.deposit, state: h.state, remark: h.remark })}
        formFields={() => (
          <>
            <Form.Item name="phyId" label="物理卡号" rules={[{ required: true, message: '请输入物理卡号' }]}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="handNo" label="手牌编号">
              <Input maxLength={20} placeholder="不填则同物理卡号" />
            </Form.Item>
            <Form.Item name="venueId" label="场馆" rules={[{ required: true, message: '请选择场馆' }]}>
              <Select options={venues.map((v) => ({ value: v.venueId, label: v.venueName }))} />
            </Form.Item>
            <Form.Item name="deposit" label="押金（元）" rules={[{ required: true, message: '请输入押金' }]}>
              <InputNumber min={0} precision={2} />
            </Form.Item>
            <Form.Item name="remark" label="备注">
              <Input maxLength={100} />
            </Form.Item>
          </>
        )}
        create={(v) => addHand.mutateAsync({ body: v })}
        update={(h, v) => editHand.mutateAsync({ body: { ...v, handId: h.handId } })}
        rowActions={(h) => (
          <Button
            size="small"
            type="link"
            onClick={() => void setState.mutateAsync({ body: { handId: h.handId, state: h.state === 'A' ? 'S' : 'A' } }).catch(() => null)}
          >
            {h.state === 'A' ? '停用' : '启用'}
          </Button>
        )}
      />
    </>
  );

  return (
    <>
      {mayLend && (
        <Space wrap style={{ marginBottom: 12 }}>
          <span>租借手牌：</span>
          <Input
            aria-label="租借手牌"
            placeholder="扫描或输入手牌"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void lend()}
            style={{ width: 220 }}
          />
          <Button type="primary" loading={createDeposit.isPending} onClick={() => void lend()}>
            收押金
          </Button>
        </Space>
      )}
      <Tabs
        items={[
          { key: 'inUse', label: '使用中', children: inUse },
          { key: 'detail', label: '押金明细', children: detail },
          { key: 'tickets', label: '手牌票据', children: tickets },
          { key: 'register', label: '手牌登记', children: register_ },
        ]}
      />
      {paying && venueId && (
        <PaymentDialog
          forPay={hand.queryOrderForPay}
          open
          orderId={paying.orderId}
          memberId={paying.memberId}
          venueId={venueId}
          payTypes="M"
          onPay={pay}
          onClose={() => setPaying(null)}
        />
      )}
      {returning && (
        <ReturnHandDialog
          key={returning.orderId}
          order={returning}
          onClose={() => setReturning(null)}
          onDone={(r) => {
            setReturning(null);
            if (r.state === 'R') printer.printRefund(r);
          }}
        />
      )}
    </>
  );
}
