import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Table, Tag } from 'antd';
import type { Field } from '@venue/contract';
import * as bookingAdmin from '@venue/contract/booking-admin';
import { PERMISSIONS } from '@venue/contract/common/access';
import { FormDialog } from '@/components/list/FormDialog';
import { usePermission } from '@/components/Permission';
import { STATE_OPTIONS } from '@/components/StateSwitch';
import { useApiMutation, useApiQuery } from '@/lib/query';

type Values = Pick<Field, 'fieldName' | 'sort' | 'saleMode' | 'capacity'> & { state: 'A' | 'S'; slotMinutes: (typeof bookingAdmin.SLOT_MINUTES)[number] };
const DEFAULTS: Values = { fieldName: '', sort: 0, state: 'A', saleMode: 'F', capacity: 1, slotMinutes: 60 };

/** 场地: the item's fields at the venue (stopped ones too), 新增 and 编辑 in the shared dialog. */
export function FieldTable({ venueId, itemId }: { venueId: number; itemId: number }) {
  const fields = useApiQuery(bookingAdmin.fieldQuery, { query: { venueId, itemId } });
  const [editing, setEditing] = useState<Field | 'new' | null>(null);
  const canAdd = usePermission([PERMISSIONS.booking.field.add]);
  const canEdit = usePermission([PERMISSIONS.booking.field.edit]);
  const invalidates = [bookingAdmin.fieldQuery];
  const add = useApiMutation(bookingAdmin.fieldAdd, { invalidates });
  const edit = useApiMutation(bookingAdmin.fieldEdit, { invalidates });
  const save = (v: Values) =>
    editing === 'new' || !editing
      ? add.mutateAsync({ body: { ...v, venueId, itemId } })
      : edit.mutateAsync({ body: { ...v, venueId, itemId, fieldId: editing.fieldId } });

  return (
    <>
      {canAdd && (
        <Button type="primary" style={{ marginBottom: 8 }} onClick={() => setEditing('new')}>
          新增场地
        </Button>
      )}
      <Table<Field>
        size="small"
        rowKey="fieldId"
        loading={fields.isLoading}
        dataSource={fields.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无场地' }}
        columns={[
          { title: '场地名称', dataIndex: 'fieldName' },
          { title: '排序', dataIndex: 'sort', width: 70 },
          { title: '售卖方式', dataIndex: 'saleMode', width: 100, render: (m: string) => bookingAdmin.SALE_MODE_LABELS[m] },
          { title: '容纳人数', dataIndex: 'capacity', width: 90 },
          { title: '时段长度', dataIndex: 'slotMinutes', width: 90, render: (m: number) => `${m}分钟` },
          {
            title: '状态',
            dataIndex: 'state',
            width: 80,
            render: (s: string) => <Tag color={s === 'A' ? 'green' : 'default'}>{s === 'A' ? '启用' : '停用'}</Tag>,
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 80,
                  render: (_: unknown, f: Field) => (
                    <Button type="link" size="small" onClick={() => setEditing(f)}>
                      编辑
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormDialog<Values>
        open={!!editing}
        title={editing === 'new' ? '新增场地' : '编辑场地'}
        initialValues={editing && editing !== 'new' ? { ...editing, slotMinutes: editing.slotMinutes as Values['slotMinutes'] } : DEFAULTS}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="fieldName" label="场地名称" rules={[{ required: true, whitespace: true, message: '请输入场地名称' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="saleMode" label="售卖方式">
          <Radio.Group options={bookingAdmin.SALE_MODES.map((m) => ({ value: m, label: bookingAdmin.SALE_MODE_LABELS[m] }))} />
        </Form.Item>
        <Form.Item name="capacity" label="容纳人数（按人数售卖时）">
          <InputNumber min={1} max={bookingAdmin.MAX_CAPACITY} precision={0} />
        </Form.Item>
        <Form.Item name="slotMinutes" label="时段长度">
          <Radio.Group options={bookingAdmin.SLOT_MINUTES.map((m) => ({ value: m, label: `${m}分钟` }))} />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Radio.Group options={STATE_OPTIONS} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
