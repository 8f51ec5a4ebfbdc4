import { useSearchParams } from 'react-router';
import { Button, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import type { LedgerRow } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import { CrudPage } from '@/components/list/CrudPage';
import { useApiQuery } from '@/lib/query';
import { optionsOf } from '../course-options';

interface Filters {
  keyword?: string;
  courseId?: number;
  kind?: LedgerRow['kind'];
  beginDate?: string;
  endDate?: string;
  enrolmentId?: number;
}
const KIND_OPTIONS = optionsOf(course.LEDGER_KINDS, course.LEDGER_KIND_LABELS);
const KIND_COLORS: Record<LedgerRow['kind'], string> = {
  BUY: 'green',
  TAKE: 'blue',
  LEAVE_BACK: 'cyan',
  TRANSFER_OUT: 'orange',
  TRANSFER_IN: 'gold',
  REFUND: 'red',
  ADJUST: 'purple',
};
const toFilters = ({ range, ...v }: Record<string, unknown>): Filters => {
  const [begin, end] = (range as [Dayjs, Dayjs] | undefined) ?? [];
  return { ...(v as Filters), beginDate: begin?.format('YYYY-MM-DD'), endDate: end?.format('YYYY-MM-DD') };
};

/**
 * 课时流水: every change of a lesson balance (bought, taken, given back on leave, moved by a transfer,
 * refunded), newest first, with the balance after it; `?enrolmentId=` shows one enrolment's.
 */
export default function LedgerPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('enrolmentId');
  const enrolmentId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  const courses = useApiQuery(courseAdmin.courseQuery, { query: {} }).data ?? [];
  return (
    <CrudPage<LedgerRow, Filters, object>
      key={enrolmentId ?? 'all'}
      entity="课时流水"
      rowKey="ledgerId"
      list={course.ledgerQuery}
      initialFilters={{ enrolmentId }}
      toFilters={(values) => ({ ...toFilters(values), enrolmentId })}
      searchFields={
        <>
          <Form.Item name="keyword">
            <Input placeholder="学员/会员姓名" aria-label="学员/会员姓名" allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="courseId">
            <Select
              placeholder="课程"
              aria-label="课程"
              allowClear
              style={{ width: 180 }}
              options={courses.map((c) => ({ value: c.courseId, label: c.courseName }))}
            />
          </Form.Item>
          <Form.Item name="kind">
            <Select placeholder="类型" aria-label="流水类型" allowClear style={{ width: 120 }} options={KIND_OPTIONS} />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} aria-label="流水日期" />
          </Form.Item>
        </>
      }
      toolbar={() =>
        enrolmentId ? (
          <>
            <Tag color="blue">报名号 {enrolmentId} 的流水</Tag>
            <Button
              size="small"
              onClick={() => {
                params.delete('enrolmentId');
                setParams(params);
              }}
            >
              查看全部流水
            </Button>
          </>
        ) : null
      }
      columns={[
        { title: '时间', dataIndex: 'createTime', width: 170 },
        { title: '学员', dataIndex: 'studentName' },
        { title: '会员', dataIndex: 'memberName' },
        { title: '课程', dataIndex: 'courseName' },
        { title: '班级', dataIndex: 'className', render: (n: string | null) => n ?? '—' },
        { title: '类型', dataIndex: 'kind', render: (k: LedgerRow['kind']) => <Tag color={KIND_COLORS[k]}>{course.LEDGER_KIND_LABELS[k]}</Tag> },
        {
          title: '课时',
          dataIndex: 'lessons',
          align: 'right',
          render: (n: number) => <span style={{ color: n < 0 ? '#cf1322' : '#237804' }}>{n > 0 ? `+${n}` : n}</span>,
        },
        { title: '剩余课时', dataIndex: 'balanceAfter', align: 'right' },
        { title: '课节', dataIndex: 'sessionText', render: (t: string | null) => t ?? '—' },
        { title: '教练', dataIndex: 'coachName', render: (n: string | null) => n ?? '—' },
        { title: '报名号', dataIndex: 'enrolmentId' },
        { title: '操作人', dataIndex: 'createName' },
        { title: '备注', dataIndex: 'remark' },
      ]}
    />
  );
}
