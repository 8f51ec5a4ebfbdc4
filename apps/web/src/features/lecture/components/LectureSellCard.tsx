import { useState } from 'react';
import Decimal from 'decimal.js';
import { Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Card as MemberCard } from '@venue/contract';
import * as lecture from '@venue/contract/lecture';
import { PaymentDialog, payThenPrint, printPaidOrder } from '@/features/checkout';
import { MemberCardSearch, MemberDisplay } from '@/features/member-card';
import { validValues } from '@/lib/form';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { lectureDatesText, lectureTimesText } from '../lecture-view';
import { useLecturePrinter } from '../useLecturePrinter';

interface Values {
  lectureId?: number;
  sessionId?: number;
  ticketId?: number;
  users: { userName: string; phone: string }[];
}
const MOBILE = /^1[3-9]\d{9}$/;

/** 讲座报名: a lecture of the current venue, its session and ticket type, the participants, a member if any; 提交订单, then 收款. */
export function LectureSellCard({ venueId }: { venueId: number }) {
  const lectures = useApiQuery(lecture.forSale, { query: { venueId } }).data ?? [];
  const [form] = Form.useForm<Values>();
  const [card, setCard] = useState<MemberCard | null>(null);
  const [order, setOrder] = useState<{ orderId: number } | null>(null);
  const [paying, setPaying] = useState(false);
  // A sign-up takes seats at once: the order list and the seats left move before it is paid.
  const createOrder = useApiMutation(lecture.createOrder, { invalidates: [lecture.orderQuery, lecture.forSale] });
  const printer = useLecturePrinter(venueId);
  const [printed, setPrinted] = useState<number[]>([]);
  const payOrder = useApiMutation(lecture.payOrder, { quiet: true, invalidates: [lecture.orderQuery, lecture.forSale] });
  const lectureId = Form.useWatch('lectureId', form);
  const ticketId = Form.useWatch('ticketId', form);
  const users = Form.useWatch('users', form) ?? [];
  const chosen = lectures.find((l) => l.lectureId === lectureId);
  const ticket = chosen?.tickets.find((t) => t.ticketId === ticketId);
  const total = ticket ? new Decimal(ticket.price).times(users.length) : new Decimal(0);
  const memberId = card?.memberId ?? null;

  function reset() {
    form.resetFields();
    setCard(null);
    setOrder(null);
    setPaying(false);
  }
  async function submit() {
    if (order) return setPaying(true);
    const values = await validValues(form);
    if (!values) return;
    if (!values.users?.length) return toast.warning('请添加参会人');
    const created = await createOrder
      .mutateAsync({ body: { venueId, memberId, sessionId: values.sessionId!, ticketId: values.ticketId!, users: values.users } })
      .catch(() => null);
    if (!created) return;
    setOrder({ orderId: created.orderId });
    setPaying(true);
  }
  const pay = payThenPrint({
    pay: (request) => payOrder.mutateAsync({ body: request }),
    success: (request) => `收款成功，报名订单号 ${request.orderId}`,
    paid: reset,
    print: printPaidOrder(printer),
    done: setPrinted,
    failed: (outcome) => {
      if (outcome === 'close') setPaying(false);
      if (outcome === 'clear' || outcome === 'reorder') reset();
    },
  });

  return (
    <Card title="讲座报名" size="small">
      <Form<Values> form={form} layout="vertical" initialValues={{ users: [{ userName: '', phone: '' }] }} onValuesChange={() => setOrder(null)}>
        <Form.Item name="lectureId" label="讲座" rules={[{ required: true, message: '请选择讲座' }]}>
          <Select
            placeholder={lectures.length ? '请选择讲座' : '当前场馆没有可报名的讲座'}
            options={lectures.map((l) => ({ value: l.lectureId, label: l.lectureName }))}
            onChange={() => form.setFieldsValue({ sessionId: undefined, ticketId: undefined })}
          />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="sessionId" label="场次" rules={[{ required: true, message: '请选择场次' }]}>
            <Select
              style={{ minWidth: 260 }}
              placeholder="请选择场次"
              options={(chosen?.sessions ?? []).map((s) => ({
                value: s.sessionId,
                disabled: s.sold >= s.capacity,
                label: `${lectureDatesText(s)} ${lectureTimesText(s)}（剩余${s.capacity - s.sold}）`,
              }))}
            />
          </Form.Item>
          <Form.Item name="ticketId" label="票种" rules={[{ required: true, message: '请选择票种' }]}>
            <Select
              style={{ minWidth: 160 }}
              placeholder="请选择票种"
              options={(chosen?.tickets ?? []).map((t) => ({ value: t.ticketId, label: `${t.ticketName} ${formatYuan(t.price)}元` }))}
            />
          </Form.Item>
        </Space>
        <Form.Item label="参会人" required>
          <Form.List name="users">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} wrap style={{ marginBottom: 4 }}>
                    <Form.Item name={[f.name, 'userName']} noStyle rules={[{ required: true, message: '请输入参会人姓名' }]}>
                      <Input aria-label={`参会人${i + 1}姓名`} placeholder="姓名" maxLength={20} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'phone']} noStyle rules={[{ required: true, pattern: MOBILE, message: '请输入正确的电话号码' }]}>
                      <Input aria-label={`参会人${i + 1}电话`} placeholder="联系电话" maxLength={11} style={{ width: 150 }} />
                    </Form.Item>
                    <Button type="text" aria-label={`删除参会人${i + 1}`} icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ userName: '', phone: '' })} disabled={fields.length >= 20}>
                  添加参会人
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
      <MemberCardSearch scanner={false} venueId={venueId} onSelect={setCard} />
      {card && (
        <div style={{ marginTop: 8 }}>
          <MemberDisplay card={card} />
          <Button size="small" type="link" onClick={() => setCard(null)}>
            移除会员
          </Button>
        </div>
      )}
      <Space style={{ marginTop: 12 }} wrap>
        <Typography.Text strong>合计：{formatYuan(total.toNumber())} 元</Typography.Text>
        <Button type="primary" loading={createOrder.isPending} onClick={() => void submit()}>
          提交订单
        </Button>
        {printed.length > 0 && <Button onClick={() => void printer.reprint(printed)}>重打</Button>}
      </Space>
      {order && (
        <PaymentDialog
          forPay={lecture.queryOrderForPay}
          open={paying}
          orderId={order.orderId}
          memberId={memberId}
          venueId={venueId}
          payTypes="M"
          onPay={pay}
          onClose={() => setPaying(false)}
        />
      )}
    </Card>
  );
}
