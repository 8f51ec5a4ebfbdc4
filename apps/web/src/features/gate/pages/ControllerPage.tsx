import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Tag, Tooltip } from 'antd';
import * as gate from '@venue/contract/gate';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { Controller } from '@venue/contract/gate';
import { CrudPage } from '@/components/list/CrudPage';
import { STATE_OPTIONS } from '@/components/StateSwitch';
import { callApi } from '@/lib/http';
import { textRules } from '@/lib/schema-rules';
import { rules } from '@/lib/validators';
import { ControllerTestDialog } from '../components/ControllerTestDialog';

type Values = Omit<Controller, 'controllerId' | 'gateCount' | 'pendingCards' | 'lastError'>;
interface Filters {
  keyword?: string;
  state?: 'A' | 'S';
}
const F = gate.controllerFields;

/** 控制器管理: the 微耕 / UHPPOTE boards (serial number, address and port or a broadcast address), their test and cards. */
export default function ControllerPage() {
  const [testing, setTesting] = useState<Controller | null>(null);
  return (
    <>
      <CrudPage<Controller, Filters, Values>
        entity="控制器"
        rowKey="controllerId"
        list={gate.controllerQuery}
        searchFields={
          <>
            <Form.Item name="keyword">
              <Input placeholder="名称、序列号或IP" allowClear />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="状态" allowClear options={STATE_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '控制器名称', dataIndex: 'controllerName' },
          { title: '序列号', dataIndex: 'serialNo' },
          {
            title: '地址',
            key: 'address',
            render: (_, c) => (
              <>
                {c.address}:{c.port} {c.broadcast === 'T' && <Tag color="blue">广播</Tag>}
              </>
            ),
          },
          { title: '超时/重试', key: 'timeout', render: (_, c) => `${c.timeoutMs} 毫秒 / ${c.retries} 次` },
          { title: '开门延时', dataIndex: 'openDelay', render: (s: number) => `${s} 秒` },
          { title: '闸机数', dataIndex: 'gateCount', width: 80 },
          {
            title: '待下发卡',
            dataIndex: 'pendingCards',
            render: (n: number, c) =>
              n > 0 ? (
                <Tooltip title={c.lastError ?? '等待下发'}>
                  <Tag color={c.lastError ? 'error' : 'processing'}>{n}</Tag>
                </Tooltip>
              ) : (
                0
              ),
          },
          { title: '状态', dataIndex: 'state', render: (s: string) => (s === 'A' ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
        ]}
        permissions={{ add: PERMISSIONS.gate.controller.add, edit: PERMISSIONS.gate.controller.edit }}
        defaults={{ port: 60000, broadcast: 'F', timeoutMs: 1000, retries: 1, openDelay: 3, state: 'A' }}
        create={(values) => callApi(gate.controllerAdd, { body: values })}
        update={(row, values) => callApi(gate.controllerEdit, { body: { controllerId: row.controllerId, ...values } })}
        rowActions={(row) => (
          <Button size="small" type="link" onClick={() => setTesting(row)}>
            测试
          </Button>
        )}
        formFields={() => (
          <>
            <Form.Item name="controllerName" label="控制器名称" rules={textRules(F.controllerName)}>
              <Input />
            </Form.Item>
            <Form.Item name="serialNo" label="序列号" rules={[{ required: true, message: '请输入控制器序列号' }]} extra="控制器板上标签的序列号（SN）">
              <InputNumber min={1} max={gate.MAX_SERIAL_NO} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="address"
              label="IP地址"
              rules={[{ required: true, message: '请输入IP地址' }, rules.ip]}
              extra="广播时填写网段广播地址，如 192.168.1.255"
            >
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="port" label="端口">
              <InputNumber min={1} max={65535} precision={0} />
            </Form.Item>
            <Form.Item name="broadcast" label="广播发送">
              <Radio.Group
                options={[
                  { value: 'F', label: '否（直连控制器地址）' },
                  { value: 'T', label: '是（同网段广播）' },
                ]}
              />
            </Form.Item>
            <Form.Item name="timeoutMs" label="超时（毫秒）" extra="一次请求（含重试）最多等待的时间">
              <InputNumber min={100} max={10000} step={100} precision={0} />
            </Form.Item>
            <Form.Item name="retries" label="重试次数">
              <InputNumber min={0} max={5} precision={0} />
            </Form.Item>
            <Form.Item name="openDelay" label="开门延时（秒）">
              <InputNumber min={1} max={60} precision={0} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Radio.Group options={STATE_OPTIONS} />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={textRules(F.remark)}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
      />
      {testing && <ControllerTestDialog controller={testing} onClose={() => setTesting(null)} />}
    </>
  );
}
