import { useState } from 'react';
import { Table } from 'antd';
import * as courseAdmin from '@venue/contract/course-admin';
import * as courseReport from '@venue/contract/course-report';
import { chinaDate } from '@venue/contract/common/china-time';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { CourseReportFilter, type CourseReportQuery } from '../components/CourseReportFilter';
import { Figures, Panel } from '../components/Figures';

type Row = courseReport.CoachHoursRow;
const hours = { align: 'right' as const, render: (v: number) => v.toFixed(1) };
const yuan = { align: 'right' as const, render: (v: number) => v.toFixed(2) };
const monthQuery = (q: CourseReportQuery) => ({ month: q.month!, ...(q.venueId ? { venueId: q.venueId } : {}) });

/**
 * 教练课时 (issue 36): for payroll, each coach's hours of a month, class sessions done and private lessons
 * taken, and hours × the coach's hourly rate; exported as .xlsx. It opens on this month.
 */
export default function CourseCoachHoursReportPage() {
  const venueId = useSession((s) => s.user?.currentVenueId ?? undefined);
  const [query, setQuery] = useState<CourseReportQuery>(() => ({ month: chinaDate(Date.now()).slice(0, 7), venueId }));
  const report = useApiQuery(courseReport.coachHours, { query: monthQuery(query) });
  const rows = report.data?.rows ?? [];
  return (
    <div>
      <CourseReportFilter value={query} onChange={setQuery} onExport={(q) => void downloadFile(courseReport.exportCoachHours, { query: monthQuery(q) })} />
      <Figures
        items={[
          { title: '教练人数', value: rows.length },
          { title: '总课时（小时）', value: report.data?.totalHours ?? 0, precision: 1 },
          { title: '课时费合计（元）', value: report.data?.totalPay ?? 0, precision: 2 },
        ]}
      />
      <Panel title={`教练课时（${report.data?.month ?? query.month}）`} empty={!report.isLoading && !rows.length}>
        <Table<Row>
          size="small"
          rowKey="coachId"
          loading={report.isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '教练', dataIndex: 'coachName', fixed: 'left' },
            { title: '应付课时费（元）', dataIndex: 'pay', ...yuan },
            { title: '合计小时', dataIndex: 'hours', ...hours },
            { title: '类型', dataIndex: 'kind', render: (k: Row['kind']) => courseAdmin.COACH_KIND_LABELS[k] },
            { title: '班课课节', dataIndex: 'sessions', align: 'right' },
            { title: '班课小时', dataIndex: 'sessionHours', ...hours },
            { title: '私教课时', dataIndex: 'privateLessons', align: 'right' },
            { title: '私教小时', dataIndex: 'privateHours', ...hours },
            { title: '课时费（元/小时）', dataIndex: 'hourlyRate', ...yuan },
          ]}
        />
      </Panel>
    </div>
  );
}
