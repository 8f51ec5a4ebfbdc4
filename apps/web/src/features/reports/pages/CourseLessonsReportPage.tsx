import { useState } from 'react';
import { Table, Tag } from 'antd';
import * as courseAdmin from '@venue/contract/course-admin';
import * as courseReport from '@venue/contract/course-report';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { CourseReportFilter, type CourseReportQuery } from '../components/CourseReportFilter';
import { Figures, Panel } from '../components/Figures';
import { defaultRange } from '../report-range';

type Row = courseReport.LessonsRow;
const yuan = { align: 'right' as const, render: (v: number) => v.toFixed(2) };
const rangeQuery = (q: CourseReportQuery) => ({ beginDate: q.beginDate!, endDate: q.endDate!, ...(q.venueId ? { venueId: q.venueId } : {}) });

/**
 * 课时统计 (issue 36): by course, lessons sold (and their money), taken and refunded in a date range,
 * and the lessons still owed now with their paid value (unconsumed lessons are owed, like stored value).
 */
export default function CourseLessonsReportPage() {
  const venueId = useSession((s) => s.user?.currentVenueId);
  const [query, setQuery] = useState<CourseReportQuery>(() => defaultRange(venueId));
  const report = useApiQuery(courseReport.lessons, { query: rangeQuery(query) });
  const rows = report.data?.rows ?? [];
  const t = report.data?.total;
  return (
    <div>
      <CourseReportFilter value={query} onChange={setQuery} onExport={(q) => void downloadFile(courseReport.exportLessons, { query: rangeQuery(q) })} />
      <Figures
        items={[
          { title: '报名人数', value: t?.enrolments ?? 0 },
          { title: '售出课时', value: t?.sold ?? 0 },
          { title: '售出金额（元）', value: t?.soldAmount ?? 0, precision: 2 },
          { title: '消课课时', value: t?.taken ?? 0 },
          { title: '退课课时', value: t?.refunded ?? 0 },
          { title: '未消课时', value: t?.outstanding ?? 0 },
          { title: '未消课时金额（元）', value: t?.outstandingAmount ?? 0, precision: 2 },
        ]}
      />
      <Panel title="按课程" empty={!report.isLoading && !rows.length}>
        <Table<Row>
          size="small"
          rowKey="courseId"
          loading={report.isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '课程', dataIndex: 'courseName', fixed: 'left' },
            { title: '未消课时', dataIndex: 'outstanding', align: 'right' },
            { title: '未消金额（元）', dataIndex: 'outstandingAmount', ...yuan },
            { title: '类型', dataIndex: 'category', render: (c: Row['category']) => <Tag>{courseAdmin.CATEGORY_LABELS[c]}</Tag> },
            { title: '项目', dataIndex: 'itemName' },
            { title: '报名人数', dataIndex: 'enrolments', align: 'right' },
            { title: '售出课时', dataIndex: 'sold', align: 'right' },
            { title: '售出金额（元）', dataIndex: 'soldAmount', ...yuan },
            { title: '消课课时', dataIndex: 'taken', align: 'right' },
            { title: '退课课时', dataIndex: 'refunded', align: 'right' },
          ]}
        />
      </Panel>
    </div>
  );
}
