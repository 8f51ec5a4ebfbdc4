import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import { useFocusFirstField } from '@/hooks/useFocusOnOpen';
import * as venue from '@venue/contract/venue';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { Center } from '@venue/contract/venue';
import { usePermission } from '@/components/Permission';
import { StateSwitch } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { toast } from '@/lib/notify';
import { useApiQuery, useInvalidate } from '@/lib/query';
import { fieldsOf, textRules } from '@/lib/schema-rules';

const P = PERMISSIONS.system.venue;
const F = fieldsOf(venue.centerAdd.body);
type Values = { centerName: string; sort: number };

/** 中心管理: the tenant's centers (each holds venues); add at the top, edit a row in the same form. */
export function CenterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { ref: fieldsRef, afterOpenChange: focusFirstField } = useFocusFirstField();
  const centers = useApiQuery(venue.centerAll, {}, { enabled: open });
  const invalidate = useInvalidate();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Center | null>(null);
  const [saving, setSaving] = useState(false);
  const mayEdit = usePermission([P.edit]);
  const mayAdd = usePermission([P.add]);

  const refresh = () => invalidate([venue.centerAll, venue.venueAll]);
  function startEdit(center: Center | null) {
    setEditing(center);
    form.setFieldsValue(center ? { centerName: center.centerName, sort: center.sort } : { centerName: '', sort: 0 });
  }
  async function save(values: Values) {
    setSaving(true);
    try {
      if (editing) await callApi(venue.centerEdit, { body: { centerId: editing.centerId, state: editing.state, ...values } });
      else await callApi(venue.centerAdd, { body: values });
      toast.success('操作成功');
      await refresh();
      startEdit(null);
    } catch {
      // shown by the HTTP client; the form keeps what was typed
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title="中心管理"
      width={700}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
      afterOpenChange={focusFirstField}
    >
      <div ref={fieldsRef}>
        {(mayAdd || editing) && (
          <Form form={form} name="center" layout="inline" onFinish={save} initialValues={{ sort: 0 }} style={{ marginBottom: 12, rowGap: 8 }}>
            <Form.Item name="centerName" label="中心名称" rules={textRules(F.centerName)}>
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="sort" label="排序">
              <InputNumber min={0} max={9999} precision={0} style={{ width: 90 }} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {editing ? '保存中心' : '新增中心'}
              </Button>
              {editing && <Button onClick={() => startEdit(null)}>取消编辑</Button>}
            </Space>
          </Form>
        )}
        <Table<Center>
          rowKey="centerId"
          size="small"
          loading={centers.isLoading}
          dataSource={centers.data ?? []}
          pagination={false}
          columns={[
            { title: '中心名称', dataIndex: 'centerName' },
            { title: '场馆数', dataIndex: 'venueCount', width: 80 },
            { title: '排序', dataIndex: 'sort', width: 70 },
            {
              title: '状态',
              dataIndex: 'state',
              width: 100,
              render: (state: string, c) => (
                <StateSwitch
                  checked={state === 'A'}
                  permission={P.edit}
                  onChange={(next) =>
                    callApi(venue.centerEdit, { body: { centerId: c.centerId, centerName: c.centerName, sort: c.sort, state: next ? 'A' : 'S' } }).then(refresh)
                  }
                />
              ),
            },
            {
              title: '操作',
              key: 'actions',
              width: 80,
              render: (_, c) =>
                mayEdit && (
                  <Button size="small" type="link" onClick={() => startEdit(c)} aria-label={`编辑中心${c.centerName}`}>
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
