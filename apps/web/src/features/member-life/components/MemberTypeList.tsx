import { Form, Input, InputNumber, Radio } from 'antd';
import * as member from '@venue/contract/member';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { z } from 'zod';
import { CrudPage } from '@/components/list/CrudPage';
import { callApi } from '@/lib/http';

type Row = member.MemberTypeAdmin;
type Values = z.input<typeof member.memberTypeForm>;
const STATE_OPTIONS = [
  { value: 'A', label: '启用' },
  { value: 'S', label: '停用' },
];
const save = (row: Row | null, values: Values) =>
  row ? callApi(member.memberTypeEdit, { body: { ...values, memberTypeId: row.memberTypeId } }) : callApi(member.memberTypeAdd, { body: values });

/** 会员类型: the list the member archive offers (only enabled types), added and edited here. */
export function MemberTypeList() {
  return (
    <CrudPage<Row, { memberTypeName?: string }, Values>
      entity="会员类型"
      rowKey="memberTypeId"
      list={member.memberTypePage}
      searchFields={
        <Form.Item name="memberTypeName">
          <Input placeholder="会员类型名称" allowClear />
        </Form.Item>
      }
      columns={[
        { title: '会员类型名称', dataIndex: 'memberTypeName' },
        { title: '状态', dataIndex: 'state', width: 100, render: (s: Row['state']) => (s === 'A' ? '启用' : '停用') },
        { title: '排序', dataIndex: 'sort', width: 100 },
      ]}
      permissions={{ add: PERMISSIONS.member.cardType.add, edit: PERMISSIONS.member.cardType.edit }}
      defaults={{ state: 'A', sort: 999 }}
      toValues={({ memberTypeName, state, sort }) => ({ memberTypeName, state, sort })}
      create={(values) => save(null, values)}
      update={(row, values) => save(row, values)}
      formFields={() => (
        <>
          <Form.Item name="memberTypeName" label="会员类型名称" rules={[{ required: true, whitespace: true, message: '请输入会员类型名称' }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={STATE_OPTIONS} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </>
      )}
    />
  );
}
