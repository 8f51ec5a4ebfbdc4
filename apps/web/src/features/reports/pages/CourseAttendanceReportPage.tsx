import { useState } from 'react';
import { Table } from 'antd';
import * as courseReport from '@venue/contract/course-report';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { CourseReportFilter, type CourseReportQuery } from '../components/CourseReportFilter';
import { Figures, Panel } from '../components/Figures';
import { defaultRange, sumOf } from '../report-range';

type Row = courseReport.AttendanceRow;
const attendanceQuery = (q: CourseReportQuery) => ({
  beginDate: q.beginDate!,
  endDate: q.endDate!,
  ...(q.venueId ? { venueId: q.venueId } : {}),
  ...(q.courseId ? { courseId: q.courseId } : {}),
});
const rate = (signed: number, expected: number) => (expected > 0 ? Math.round((signed / expected) * 1000) / 10 : 0);

/** 出勤统计 (issue 36): by class over a date range, sessions done, students expected, signed, on leave, absent, made up, and the attendance rate. */
export default function CourseAttendanceReportPage() {
  const venueId = useSession((s) => s.user?.currentVenueId);
  const [query, setQuery] = useState<CourseReportQuery>(() => defaultRange(venueId));
  const report = useApiQuery(courseReport.attendance, { query: attendanceQuery(query) });
  const rows = report.data?.rows ?? [];
  const expected = sumOf(rows, (r) => r.expected);
  const signed = sumOf(rows, (r) => r.signed);
  return (
    <div>
      <CourseReportFilter
        withCourse
        value={query}
        onChange={setQuery}
        onExport={(q) => void downloadFile(courseReport.exportAttendance, { query: attendanceQuery(q) })}
      />
      <Figures
        items={[
          { title: '课节', value: sumOf(rows, (r) => r.sessions) },
          { title: '应到人次', value: expected },
          { title: '签到人次', value: signed },
          { title: '请假人次', value: sumOf(rows, (r) => r.leave) },
          { title: '缺勤人次', value: sumOf(rows, (r) => r.absent) },
          { title: '出勤率', value: rate(signed, expected), precision: 1, suffix: '%' },
        ]}
      />
      <Panel title="按班级" empty={!report.isLoading && !rows.length}>
        <Table<Row>
          size="small"
          rowKey="classId"
          loading={report.isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '班级', dataIndex: 'className', fixed: 'left' },
            { title: '出勤率', dataIndex: 'rate', align: 'right', render: (v: number) => `${v.toFixed(1)}%` },
            { title: '课程', dataIndex: 'courseName' },
            { title: '教练', dataIndex: 'coachName' },
            { title: '课节', dataIndex: 'sessions', align: 'right' },
            { title: '应到', dataIndex: 'expected', align: 'right' },
            { title: '签到', dataIndex: 'signed', align: 'right' },
            { title: '请假', dataIndex: 'leave', align: 'right' },
            { title: '缺勤', dataIndex: 'absent', align: 'right' },
            { title: '补课', dataIndex: 'makeUp', align: 'right' },
          ]}
        />
      </Panel>
    </div>
  );
}
