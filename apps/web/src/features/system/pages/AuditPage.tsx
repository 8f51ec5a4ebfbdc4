import { Button, DatePicker, Form, Input, Select, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import * as audit from '@venue/contract/audit';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { AuditEntry, AuditFilters } from '@venue/contract/audit';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission } from '@/components/Permission';
import { useVenueGroups } from '@/hooks/useVenueGroups';
import { formatTime } from '@/lib/format';
import { downloadFile } from '@/lib/http';
import { dateRange } from '@/lib/time';

const ACTION_OPTIONS = Object.entries(audit.AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));

/** The search form's values as the query: the date range becomes beginTime and endTime (whole days). */
function toFilters({ range, ...rest }: Record<string, unknown>): AuditFilters {
  const [begin, end] = (range as [Dayjs, Dayjs] | undefined) ?? [];
  const [beginTime, endTime] = dateRange(begin, end) ?? [];
  return { ...rest, beginTime, endTime } as AuditFilters;
}

/** A stored before/after value, shown compact and whole on hover. */
const changeText = (value: string | null) =>
  value === null ? (
    '—'
  ) : (
    <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 260 }}>
      {value}
    </Typography.Text>
  );

/** 操作日志: who changed what, when, in which venue, from which address; searchable and exported as .xlsx. Read-only. */
export default function AuditPage() {
  const venues = useVenueGroups();
  return (
    <CrudPage<AuditEntry, AuditFilters, object>
      entity="操作日志"
      rowKey="logId"
      list={audit.auditQuery}
      toFilters={toFilters}
      searchFields={
        <>
          <Form.Item name="range">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <Form.Item name="action">
            <Select placeholder="操作类型" aria-label="操作类型" allowClear options={ACTION_OPTIONS} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="venueId">
            <Select placeholder="场馆" aria-label="场馆" allowClear options={venues} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="userName">
            <Input placeholder="操作人" aria-label="操作人" allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="keyword">
            <Input placeholder="对象或内容关键字" aria-label="关键字" allowClear style={{ width: 170 }} />
          </Form.Item>
        </>
      }
      columns={[
        { title: '时间', dataIndex: 'createTime', render: formatTime, width: 170 },
        { title: '操作人', key: 'user', render: (_, e) => (e.realName ? `${e.realName}（${e.username}）` : e.username) },
        { title: '场馆', dataIndex: 'venueName', render: (v: string | null) => v ?? '—' },
        { title: '操作', dataIndex: 'actionName' },
        { title: '对象', dataIndex: 'target' },
        { title: '修改前', dataIndex: 'before', render: changeText },
        { title: '修改后', dataIndex: 'after', render: changeText },
        { title: '客户端地址', dataIndex: 'clientIp' },
      ]}
      toolbar={(_, filters) => (
        <Permission value={[PERMISSIONS.system.audit.export]}>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(audit.auditExport, { query: filters })}>
            导出
          </Button>
        </Permission>
      )}
    />
  );
}
