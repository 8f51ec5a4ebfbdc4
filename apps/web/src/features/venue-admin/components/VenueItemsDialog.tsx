import { useState } from 'react';
import { Alert, AutoComplete, Button, Form, InputNumber, Modal, Radio, Space, Table, Tag } from 'antd';
import { useFocusFirstField } from '@/hooks/useFocusOnOpen';
import * as system from '@venue/contract/system';
import * as venue from '@venue/contract/venue';
import type { VenueItem, VenueRow } from '@venue/contract/venue';
import { STATE_OPTIONS } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { toast } from '@/lib/notify';
import { useApiQuery, useInvalidate } from '@/lib/query';
import { fieldsOf, textRules } from '@/lib/schema-rules';

const F = fieldsOf(venue.editVenueItem.body);
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const SALE_MODES = options(venue.ITEM_SALE_MODES);
const PASS_MODES = options(venue.ITEM_PASS_MODES);
type Values = { itemName: string; saleMode: 'F' | 'C'; capacity: number; passMode: 'S' | 'M'; state: 'A' | 'S'; sort: number };
const EMPTY: Values = { itemName: '', saleMode: 'F', capacity: 0, passMode: 'S', state: 'A', sort: 0 };

/** 项目设置: the sports items a venue offers, each with its sale mode, capacity, pass mode and state. */
export function VenueItemsDialog({ venue: v, onClose }: { venue: VenueRow; onClose: () => void }) {
  const { ref: fieldsRef, afterOpenChange: focusFirstField } = useFocusFirstField();
  const query = { query: { venueId: v.venueId } };
  const items = useApiQuery(venue.itemSettingsByVenue, query);
  const known = useApiQuery(system.sportItems).data ?? [];
  const invalidate = useInvalidate();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<VenueItem | null>(null);
  const [saving, setSaving] = useState(false);

  function startEdit(item: VenueItem | null) {
    setEditing(item);
    form.setFieldsValue(item ? { ...item } : EMPTY);
  }
  async function save(values: Values) {
    setSaving(true);
    try {
      await callApi(venue.editVenueItem, { body: { venueId: v.venueId, itemId: editing?.itemId, ...values } });
      toast.success('操作成功');
      await invalidate([venue.itemSettingsByVenue, system.sportItems, venue.allVenueWithSportItems]);
      startEdit(null);
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(false);
    }
  }
  const enabled = (items.data ?? []).filter((i) => i.state === 'A');

  return (
    <Modal
      open
      title={`项目设置 - ${v.venueName}`}
      width={820}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      afterOpenChange={focusFirstField}
    >
      <div ref={fieldsRef}>
        {items.isSuccess && !enabled.length && <Alert type="warning" showIcon message={venue.VENUE_NO_ITEMS_HERE} style={{ marginBottom: 12 }} />}
        <Form form={form} name="venueItem" layout="vertical" onFinish={save} initialValues={EMPTY}>
          <Space wrap align="start" size={16}>
            <Form.Item name="itemName" label="项目名称" rules={textRules(F.itemName)}>
              <AutoComplete
                style={{ width: 160 }}
                options={known.map((k) => ({ value: k.itemName }))}
                filterOption={(input, option) => String(option?.value ?? '').includes(input)}
                placeholder="选择或输入新项目"
              />
            </Form.Item>
            <Form.Item name="saleMode" label="售卖方式">
              <Radio.Group options={SALE_MODES} />
            </Form.Item>
            <Form.Item name="capacity" label="容纳人数（0为不限）">
              <InputNumber min={0} max={100000} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="passMode" label="通行方式">
              <Radio.Group options={PASS_MODES} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Radio.Group options={STATE_OPTIONS} />
            </Form.Item>
            <Form.Item name="sort" label="排序">
              <InputNumber min={0} max={9999} precision={0} style={{ width: 80 }} />
            </Form.Item>
          </Space>
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" loading={saving}>
              {editing ? '保存项目' : '添加项目'}
            </Button>
            {editing && <Button onClick={() => startEdit(null)}>取消编辑</Button>}
          </Space>
        </Form>
        <Table<VenueItem>
          rowKey="itemId"
          size="small"
          loading={items.isLoading}
          dataSource={items.data ?? []}
          pagination={false}
          columns={[
            { title: '项目名称', dataIndex: 'itemName' },
            { title: '售卖方式', dataIndex: 'saleMode', render: (m: 'F' | 'C') => venue.ITEM_SALE_MODES[m] },
            { title: '容纳人数', dataIndex: 'capacity', render: (n: number) => (n ? n : '不限') },
            { title: '通行方式', dataIndex: 'passMode', render: (m: 'S' | 'M') => venue.ITEM_PASS_MODES[m] },
            { title: '状态', dataIndex: 'state', render: (s: string) => (s === 'A' ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
            { title: '排序', dataIndex: 'sort', width: 60 },
            {
              title: '操作',
              key: 'actions',
              width: 70,
              render: (_, item) => (
                <Button size="small" type="link" onClick={() => startEdit(item)} aria-label={`编辑项目${item.itemName}`}>
                  编辑
                </Button>
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
