import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
import * as gate from '@venue/contract/gate';
import { PERMISSIONS } from '@venue/contract/common/access';
import { DOORS, GATE_DOOR_RULES, PASS_MODE_LABELS, READER_TYPE_LABELS, USAGE_LABELS, type Gate } from '@venue/contract/gate';
import { CrudPage } from '@/components/list/CrudPage';
import { usePermission } from '@/components/Permission';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { callApi } from '@/lib/http';
import { textRules } from '@/lib/schema-rules';
import { codeOptions, useAreaOptions, useCardTypeOptions, useControllerOptions } from '../api/options';
import { GateUsersDialog } from '../components/GateUsersDialog';

type Values = Pick<
  Gate,
  | 'gateName'
  | 'areaId'
  | 'venueId'
  | 'controllerId'
  | 'inDoor'
  | 'outDoor'
  | 'usage'
  | 'isRemoteControl'
  | 'passMode'
  | 'readerType'
  | 'cardTypeIds'
  | 'sort'
  | 'remark'
>;
interface Filters {
  gateName?: string;
  areaId?: number;
  venueId?: number;
  usage?: 'A' | 'S';
}
const DOOR_OPTIONS = DOORS.map((d) => ({ value: d, label: `${d} 号门` }));
const YES_NO = [
  { value: 'T', label: '支持' },
  { value: 'F', label: '不支持' },
];
const door = (d: number | null) => (d === null ? '—' : `${d} 号门`);

/** 闸机管理: each gate's area, venue, controller doors (in and out), remote control, pass mode, reader, card types and users. */
export default function GatePage() {
  const areas = useAreaOptions();
  const controllers = useControllerOptions();
  const cardTypes = useCardTypeOptions();
  const venues = useVenueGroups();
  const mayGrant = usePermission([PERMISSIONS.gate.gate.grant]);
  const [granting, setGranting] = useState<Gate | null>(null);
  return (
    <>
      <CrudPage<Gate, Filters, Values>
        entity="闸机"
        rowKey="gateId"
        list={gate.gateQuery}
        searchFields={
          <>
            <Form.Item name="gateName">
              <Input placeholder="闸机名称" allowClear />
            </Form.Item>
            <Form.Item name="areaId">
              <Select placeholder="区域" aria-label="区域" allowClear options={areas} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="venueId">
              <Select placeholder="场馆" aria-label="场馆" allowClear options={venues} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="usage">
              <Select placeholder="使用状态" aria-label="使用状态" allowClear options={codeOptions(USAGE_LABELS)} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '闸机名称', dataIndex: 'gateName' },
          { title: '区域', dataIndex: 'areaName' },
          { title: '场馆', dataIndex: 'venueName' },
          { title: '控制器', key: 'controller', render: (_, g) => `${g.controllerName}（${g.serialNo}）` },
          { title: '进场门', dataIndex: 'inDoor', render: door },
          { title: '出场门', dataIndex: 'outDoor', render: door },
          { title: '远程控制', dataIndex: 'isRemoteControl', render: (v: string) => (v === 'T' ? <Tag color="blue">支持</Tag> : <Tag>不支持</Tag>) },
          { title: '通行模式', dataIndex: 'passMode', render: (m: 'S' | 'M') => PASS_MODE_LABELS[m] },
          { title: '读头', dataIndex: 'readerType', render: (r: Gate['readerType']) => READER_TYPE_LABELS[r] },
          { title: '通行卡类型', dataIndex: 'cardTypeNames', render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : '—') },
          { title: '授权用户', dataIndex: 'userCount', width: 90 },
          { title: '使用状态', dataIndex: 'usage', render: (u: 'A' | 'S') => <Tag color={u === 'A' ? 'success' : 'default'}>{USAGE_LABELS[u]}</Tag> },
        ]}
        permissions={{ add: PERMISSIONS.gate.gate.add, edit: PERMISSIONS.gate.gate.edit }}
        defaults={{ usage: 'A', isRemoteControl: 'T', passMode: 'S', readerType: 'WG', cardTypeIds: [], sort: 999, inDoor: null, outDoor: null }}
        create={(values) => callApi(gate.gateAdd, { body: values })}
        update={(row, values) => callApi(gate.gateEdit, { body: { gateId: row.gateId, ...values } })}
        actionWidth={180}
        rowActions={(row) =>
          mayGrant && (
            <Button size="small" type="link" onClick={() => setGranting(row)}>
              授权用户
            </Button>
          )
        }
        formFields={(form) => (
          <>
            <Form.Item name="gateName" label="闸机名称" rules={textRules(gate.gateFields.gateName)}>
              <Input />
            </Form.Item>
            <Form.Item name="areaId" label="区域" rules={[{ required: true, message: '请选择区域' }]}>
              <Select options={areas} placeholder="请选择区域" />
            </Form.Item>
            <Form.Item name="venueId" label="场馆" rules={[{ required: true, message: '请选择场馆' }]}>
              <Select options={venues} placeholder="请选择场馆" />
            </Form.Item>
            <Form.Item name="controllerId" label="控制器" rules={[{ required: true, message: '请选择控制器' }]}>
              <Select options={controllers} placeholder="请选择控制器" showSearch optionFilterProp="label" />
            </Form.Item>
            <Form.Item
              name="inDoor"
              label="进场门"
              rules={[{ validator: (_, v) => (v || form.getFieldValue('outDoor') ? Promise.resolve() : Promise.reject(new Error(GATE_DOOR_RULES.noChannel))) }]}
            >
              <Select options={DOOR_OPTIONS} allowClear placeholder="控制器上进场通道的门" onChange={() => void form.validateFields(['outDoor'])} />
            </Form.Item>
            <Form.Item
              name="outDoor"
              label="出场门"
              dependencies={['inDoor']}
              rules={[
                { validator: (_, v) => (!v || v !== form.getFieldValue('inDoor') ? Promise.resolve() : Promise.reject(new Error(GATE_DOOR_RULES.sameDoor))) },
              ]}
            >
              <Select options={DOOR_OPTIONS} allowClear placeholder="控制器上出场通道的门" onChange={() => void form.validateFields(['inDoor'])} />
            </Form.Item>
            <Form.Item name="isRemoteControl" label="远程控制">
              <Radio.Group options={YES_NO} />
            </Form.Item>
            <Form.Item name="passMode" label="通行模式">
              <Radio.Group options={codeOptions(PASS_MODE_LABELS)} />
            </Form.Item>
            <Form.Item name="readerType" label="读头类型">
              <Select options={codeOptions(READER_TYPE_LABELS)} />
            </Form.Item>
            <Form.Item name="cardTypeIds" label="通行卡类型" extra="这些卡类型的有效会员卡（已绑定实体卡）会写入该闸机的控制器">
              <Select mode="multiple" options={cardTypes} placeholder="不选则只能远程开闸" optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="usage" label="使用状态">
              <Radio.Group options={codeOptions(USAGE_LABELS)} />
            </Form.Item>
            <Form.Item name="sort" label="排序">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={textRules(gate.gateFields.remark)}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
      />
      {granting && <GateUsersDialog target={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
