import { Table, Tag, Typography } from 'antd';
import { rosterStateText, signable } from '../course-view';
import type { CheckRow } from '../useCourseCheck';

const COLORS: Record<string, string> = { 已签到: 'green', 补课: 'cyan', 请假: 'orange', 缺勤: 'red', 待签到: 'blue' };

/** Today's sessions of the member's students, one row each: the session, the student, the balance, and whether it can be signed (a refusal in words). */
export function CheckTable({
  rows,
  selected,
  onSelect,
  loading,
}: {
  rows: CheckRow[];
  selected: string[];
  onSelect: (keys: string[]) => void;
  loading: boolean;
}) {
  return (
    <Table<CheckRow>
      size="small"
      rowKey="key"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content', y: 220 }}
      locale={{ emptyText: '暂无今日课节' }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (r) => ({ disabled: !signable(r.student), 'aria-label': `签到 ${r.student.studentName} ${r.session.beginTime}` }),
      }}
      columns={[
        {
          title: '课节',
          key: 'session',
          render: (_, r) => (
            <>
              <div>
                {r.session.beginTime}-{r.session.endTime} {r.session.className}
              </div>
              <Typography.Text type="secondary">
                {r.session.coachName} · {r.session.fieldName}
              </Typography.Text>
            </>
          ),
        },
        { title: '学员', key: 'student', render: (_, r) => r.student.studentName },
        {
          title: '剩余课时',
          key: 'left',
          align: 'right',
          render: (_, r) => (
            <span data-testid="lessons-left" title={r.student.validUntil ? `有效期至 ${r.student.validUntil}` : undefined}>
              {r.student.lessonsLeft}
            </span>
          ),
        },
        {
          title: '状态',
          key: 'state',
          render: (_, r) => {
            const text = rosterStateText(r.student);
            return <Tag color={COLORS[text] ?? 'red'}>{text}</Tag>;
          },
        },
      ]}
    />
  );
}
