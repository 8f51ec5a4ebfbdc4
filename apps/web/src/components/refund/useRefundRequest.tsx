import { useRef } from 'react';
import { App, Form, Input, Radio, Select, type FormInstance } from 'antd';
import type { z } from 'zod';
import type { Call, CallBody, CallData } from '@venue/contract';
import * as payment from '@venue/contract/payment';
import * as refund from '@venue/contract/order-refund';
import { validValues } from '@/lib/form';
import { ApiError } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useApiMutation, useApiQuery } from '@/lib/query';

export type RefundRouteValues = { route: 'T' | 'F'; payMode: (typeof refund.REFUND_OTHER_MODES)[number]; reason: string };
/** What every refund request carries besides what goes back: the route, its channel, the reason and the request id. */
type RouteFields = 'route' | 'payMode' | 'reason' | 'requestId';
/**
 * A 退款 call: an order kind's (the shared refund request: the order and its lines going back, none for
 * all that is left), or one that names what goes back its own way (a course enrolment's unused lessons).
 */
type RefundCallOf = Call<undefined, z.ZodType<Partial<Record<RouteFields, unknown>>>>;

/** One id per refund the user means: a retried request (a lost answer) finds its refund instead of refunding twice. */
const newRequestId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * The steps every refund dialog shares: the form's values, a confirmation naming the amount and the route
 * (`what` says the rest, e.g. "2 张票 "), then the call. A retry after no answer sends the same request id,
 * so nothing goes back twice; any answer starts a new one. Answers the server's refund, or null.
 */
export function useRefundRequest<C extends RefundCallOf>(call: C, invalidates: readonly Call[]) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<RefundRouteValues>();
  const requestId = useRef(newRequestId());
  const mutation = useApiMutation(call, { invalidates });

  async function request(body: Omit<CallBody<C>, RouteFields>, amountYuan: string | number, what = ''): Promise<CallData<C> | null> {
    const values = await validValues(form);
    if (!values) return null;
    const how = values.route === 'T' ? refund.REFUND_ROUTE_LABELS.T : payment.payModeName(values.payMode);
    const ok = await modal.confirm({
      title: '确认退款',
      content: `确认退款 ${what}¥${formatYuan(amountYuan)}（${how}）吗？`,
      okText: '确定',
      cancelText: '取消',
    });
    if (!ok) return null;
    return mutation
      .mutateAsync({
        body: {
          ...body,
          route: values.route,
          payMode: values.route === 'F' ? values.payMode : undefined,
          reason: values.reason ?? '',
          requestId: requestId.current,
        } as CallBody<C>,
      })
      .catch((error: unknown) => {
        // The server answered (a refusal, a failed channel): the next try is a new refund. No answer: the same one.
        if (!(error instanceof ApiError && error.noAnswer)) requestId.current = newRequestId();
        return null;
      });
  }

  return { form, request, pending: mutation.isPending };
}

/** 退款方式 (原路退回, or 其他方式 by a hand-settled method of the venue), 退款渠道 and 退款原因. */
export function RefundRouteFields({ form, venueId }: { form: FormInstance<RefundRouteValues>; venueId: number }) {
  const route = Form.useWatch('route', form) ?? 'T';
  const methods = useApiQuery(payment.queryPayType, { query: { venueId } }).data ?? [];
  const otherModes = methods.filter((m) => (refund.REFUND_OTHER_MODES as readonly string[]).includes(m.payMode));
  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 4 }} initialValues={{ route: 'T', payMode: payment.DEFAULT_PAY_MODE, reason: '' }}>
      <Form.Item name="route" label="退款方式">
        <Radio.Group
          options={refund.REFUND_ROUTES.map((value) => ({ value, label: refund.REFUND_ROUTE_LABELS[value] }))}
          optionType="button"
          buttonStyle="solid"
        />
      </Form.Item>
      {route === 'F' && (
        <Form.Item name="payMode" label="退款渠道" rules={[{ required: true, message: '请选择退款方式' }]}>
          <Select options={otherModes.map((m) => ({ value: m.payMode, label: m.payName }))} style={{ width: 200 }} />
        </Form.Item>
      )}
      <Form.Item name="reason" label="退款原因" rules={[{ max: 100, message: '退款原因不能超过100个字符' }]}>
        <Input.TextArea rows={2} maxLength={100} placeholder="如：顾客退货" />
      </Form.Item>
    </Form>
  );
}
