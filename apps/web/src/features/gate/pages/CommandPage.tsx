import { Button, DatePicker, Form, Input, Select, Tag, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import * as gate from '@venue/contract/gate';
import { PERMISSIONS } from '@venue/contract/common/access';
import { DIRECTION_LABELS, DOOR_STATE_LABELS, type Command, type CommandFilters, type DoorState } from '@venue/contract/gate';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission } from '@/components/Permission';
import { formatTime } from '@/lib/format';
import { downloadFile } from '@/lib/http';
import { codeOptions, flagOptions, rangeFilters, useAreaOptions, useGateOptions } from '../api/options';

/** 闸机操作记录: who sent which command (开门, 常开, 常闭) to which gate and channel, when, and the controller's answer. */
export default function CommandPage() {
  const areas = useAreaOptions();
  const gates = useGateOptions();
  return (
    <CrudPage<Command, CommandFilters, object>
      entity="操作记录"
      rowKey="commandId"
      list={gate.commandQuery}
      toFilters={rangeFilters<CommandFilters>}
      searchFields={
        <>
          <Form.Item name="range">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <Form.Item name="areaId">
            <Select placeholder="区域" aria-label="区域" allowClear options={areas} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="gateId">
            <Select placeholder="闸机" aria-label="闸机" allowClear options={gates} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="userName">
            <Input placeholder="操作人" allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="doorState">
            <Select placeholder="操作" aria-label="操作" allowClear options={codeOptions(DOOR_STATE_LABELS)} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="passDirection">
            <Select placeholder="方向" aria-label="方向" allowClear options={codeOptions(DIRECTION_LABELS)} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="success">
            <Select placeholder="结果" aria-label="结果" allowClear options={flagOptions('成功', '失败')} style={{ width: 100 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '时间', dataIndex: 'createTime', render: formatTime },
        { title: '操作人', dataIndex: 'userName' },
        { title: '闸机', dataIndex: 'gateName' },
        { title: '区域', dataIndex: 'areaName' },
        { title: '方向', dataIndex: 'passDirection', render: (d: Command['passDirection']) => DIRECTION_LABELS[d] },
        { title: '操作', dataIndex: 'doorState', render: (s: number) => DOOR_STATE_LABELS[s as DoorState] ?? s },
        { title: '控制器', key: 'controller', render: (_, c) => `${c.controllerName}（${c.serialNo}）${c.door} 号门` },
        {
          title: '结果',
          dataIndex: 'success',
          render: (s: 'T' | 'F', c) => (
            <Tooltip title={c.answer}>
              <Tag color={s === 'T' ? 'success' : 'error'}>{s === 'T' ? '成功' : '失败'}</Tag>
            </Tooltip>
          ),
        },
        { title: '控制器应答', dataIndex: 'answer' },
        { title: '耗时', dataIndex: 'durationMs', render: (ms: number) => `${ms} 毫秒` },
      ]}
      toolbar={(_, filters) => (
        <Permission value={[PERMISSIONS.gate.command.export]}>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(gate.commandExport, { query: filters })}>
            导出
          </Button>
        </Permission>
      )}
    />
  );
}
