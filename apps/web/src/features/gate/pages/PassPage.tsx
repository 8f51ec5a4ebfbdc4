import { Button, DatePicker, Form, Input, Select, Tag, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import * as gate from '@venue/contract/gate';
import { PERMISSIONS } from '@venue/contract/common/access';
import { DIRECTION_LABELS, PASS_KIND_LABELS, type Pass, type PassFilters } from '@venue/contract/gate';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission } from '@/components/Permission';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { formatTime } from '@/lib/format';
import { downloadFile } from '@/lib/http';
import { codeOptions, flagOptions, rangeFilters, useAreaOptions, useGateOptions } from '../api/options';

/** 闸机通行记录: every swipe and door event the controllers reported, with filters and export. */
export default function PassPage() {
  const venues = useVenueGroups();
  const areas = useAreaOptions();
  const gates = useGateOptions();
  return (
    <CrudPage<Pass, PassFilters, object>
      entity="通行记录"
      rowKey="passId"
      list={gate.passQuery}
      toFilters={rangeFilters<PassFilters>}
      searchFields={
        <>
          <Form.Item name="range">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <Form.Item name="venueId">
            <Select placeholder="场馆" aria-label="场馆" allowClear options={venues} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="areaId">
            <Select placeholder="区域" aria-label="区域" allowClear options={areas} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="gateId">
            <Select placeholder="闸机" aria-label="闸机" allowClear options={gates} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="keyword">
            <Input placeholder="卡号或会员姓名" allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="direction">
            <Select placeholder="方向" aria-label="方向" allowClear options={codeOptions(DIRECTION_LABELS)} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="kind">
            <Select placeholder="类型" aria-label="类型" allowClear options={codeOptions(PASS_KIND_LABELS)} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="granted">
            <Select placeholder="结果" aria-label="结果" allowClear options={flagOptions('通过', '拒绝')} style={{ width: 100 }} />
          </Form.Item>
        </>
      }
      columns={[
        {
          title: '通行时间',
          key: 'passTime',
          render: (_, p) =>
            p.timeSource === 'A' ? (
              <Tooltip title="控制器未报告有效时间，记录的是服务器收到该事件的时间">
                {formatTime(p.passTime)} <Tag>接收时间</Tag>
              </Tooltip>
            ) : (
              formatTime(p.passTime)
            ),
        },
        { title: '场馆', dataIndex: 'venueName' },
        { title: '区域', dataIndex: 'areaName' },
        { title: '闸机', dataIndex: 'gateName' },
        { title: '方向', dataIndex: 'direction', render: (d: Pass['direction']) => DIRECTION_LABELS[d] },
        { title: '类型', dataIndex: 'kind', render: (k: Pass['kind']) => PASS_KIND_LABELS[k] },
        { title: '卡号', dataIndex: 'cardNumber', render: (n: number | null) => n ?? '—' },
        { title: '会员', key: 'member', render: (_, p) => (p.memberName ? `${p.memberName}（${p.cardNo}）` : '—') },
        { title: '结果', dataIndex: 'granted', render: (g: 'T' | 'F') => (g === 'T' ? <Tag color="success">通过</Tag> : <Tag color="error">拒绝</Tag>) },
        { title: '原因', dataIndex: 'reason' },
      ]}
      toolbar={(_, filters) => (
        <Permission value={[PERMISSIONS.gate.pass.export]}>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(gate.passExport, { query: filters })}>
            导出
          </Button>
        </Permission>
      )}
    />
  );
}
