import { useEffect, useState } from 'react';
import { Button, DatePicker, Empty, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import * as venue from '@venue/contract/venue';
import type { VenueRow } from '@venue/contract/venue';
import { callApi } from '@/lib/http';
import { validValues } from '@/lib/form';
import { toast } from '@/lib/notify';
import { useApiQuery, useInvalidate } from '@/lib/query';
import { fieldsOf, textRules } from '@/lib/schema-rules';

const DAY = 'YYYY-MM-DD';
/** The whole venue in the item select (the API's null). */
const WHOLE = 0;
const reasonRules = textRules(fieldsOf(venue.editCloseInfo.body).closures.element.shape.reason);
type Row = { itemId: number; days: [Dayjs, Dayjs]; reason: string };

/** 闭馆设置: the days a venue (or one of its items) is closed, and why; saved as a whole. */
export function ClosuresDialog({ venue: v, onClose }: { venue: VenueRow; onClose: () => void }) {
  const detail = useApiQuery(venue.venueGet, { params: { id: v.venueId } });
  const invalidate = useInvalidate();
  const [form] = Form.useForm<{ closures: Row[] }>();
  const [saving, setSaving] = useState(false);
  const itemOptions = [{ value: WHOLE, label: '整个场馆' }, ...(detail.data?.items ?? []).map((i) => ({ value: i.itemId, label: i.itemName }))];

  useEffect(() => {
    if (!detail.data) return;
    const rows = detail.data.closures.map((c) => ({ itemId: c.itemId ?? WHOLE, days: [dayjs(c.startDate), dayjs(c.endDate)], reason: c.reason }));
    form.setFieldsValue({ closures: rows as Row[] });
  }, [detail.data, form]);

  async function save() {
    const values = await validValues(form);
    if (!values) return;
    const closures = (values.closures ?? []).map((r) => ({
      itemId: r.itemId === WHOLE ? null : r.itemId,
      startDate: r.days[0].format(DAY),
      endDate: r.days[1].format(DAY),
      reason: r.reason,
    }));
    setSaving(true);
    try {
      await callApi(venue.editCloseInfo, { body: { venueId: v.venueId, closures } });
      toast.success('操作成功');
      await invalidate([venue.venueGet, venue.venueItemSettings]);
      onClose();
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={`闭馆设置 - ${v.venueName}`}
      width={760}
      onCancel={onClose}
      onOk={save}
      okText="保存闭馆设置"
      cancelText="取消"
      confirmLoading={saving}
      maskClosable={false}
    >
      <Form form={form} name="closures" disabled={!detail.data}>
        <Form.List name="closures">
          {(fields, { add, remove }) => (
            <>
              {!fields.length && <Empty description="没有闭馆安排" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'itemId']} rules={[{ required: true, message: '请选择闭馆范围' }]}>
                    <Select options={itemOptions} style={{ width: 130 }} aria-label={`第${index + 1}条闭馆范围`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'days']} rules={[{ required: true, message: '请选择闭馆日期' }]}>
                    <DatePicker.RangePicker format={DAY} placeholder={['开始日期', '结束日期']} aria-label={`第${index + 1}条闭馆日期`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'reason']} rules={reasonRules}>
                    <Input placeholder="闭馆原因" aria-label={`第${index + 1}条闭馆原因`} style={{ width: 200 }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={`删除第${index + 1}条闭馆安排`} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ itemId: WHOLE, days: [dayjs(), dayjs()], reason: '' })}>
                添加闭馆日期
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
