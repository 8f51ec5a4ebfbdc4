import { useEffect } from 'react';
import { Button, Form, InputNumber } from 'antd';
import type { BookingSetting } from '@venue/contract';
import * as bookingAdmin from '@venue/contract/booking-admin';
import { validValues } from '@/lib/form';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';

/** 退订规则 (the tenant's): the latest cancellation before the start, the fee, the free window. */
export function CancelRules() {
  const [form] = Form.useForm<BookingSetting>();
  const setting = useApiQuery(bookingAdmin.settingGet).data;
  const save = useApiMutation(bookingAdmin.settingSave, { invalidates: [bookingAdmin.settingGet] });
  useEffect(() => {
    if (setting) form.setFieldsValue(setting);
  }, [setting, form]);
  // Until the saved rules land the form stays disabled: a value typed earlier would be overwritten by them, and saved so.
  const loading = !setting;

  async function submit() {
    const values = await validValues(form);
    if (values && (await save.mutateAsync({ body: values }).catch(() => null))) toast.success('保存成功');
  }

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} disabled={loading}>
      <Form.Item name="cancelBeforeHours" label="开场前多少小时内不能退订（0：开场前均可退订）" rules={[{ required: true, message: '请输入小时数' }]}>
        <InputNumber min={0} max={720} precision={0} addonAfter="小时" />
      </Form.Item>
      <Form.Item name="feePercent" label="退订手续费比例" rules={[{ required: true, message: '请输入手续费比例' }]}>
        <InputNumber min={0} max={100} precision={0} addonAfter="%" />
      </Form.Item>
      <Form.Item name="freeBeforeHours" label="提前多少小时以上退订免手续费（0：总是收取）" rules={[{ required: true, message: '请输入小时数' }]}>
        <InputNumber min={0} max={720} precision={0} addonAfter="小时" />
      </Form.Item>
      <Form.Item name="gateEarlyMinutes" label="会员卡预订：开场前多少分钟起可刷卡入闸（至结束）" rules={[{ required: true, message: '请输入分钟数' }]}>
        <InputNumber min={0} max={720} precision={0} addonAfter="分钟" />
      </Form.Item>
      <Button type="primary" loading={save.isPending} disabled={loading} onClick={() => void submit()}>
        保存
      </Button>
    </Form>
  );
}
