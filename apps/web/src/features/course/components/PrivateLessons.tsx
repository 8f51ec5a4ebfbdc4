import { useState } from 'react';
import { Button, Select, Table, Typography } from 'antd';
import type { RosterRow } from '@venue/contract';
import * as courseAdmin from '@venue/contract/course-admin';
import { useApiQuery } from '@/lib/query';

/** The member's private packages (私教课时包): a lesson is taken with the coach who taught it. */
export function PrivateLessons({ rows, busy, onSign }: { rows: RosterRow[]; busy: boolean; onSign: (enrolmentId: number, coachId: number) => void }) {
  const coaches = useApiQuery(courseAdmin.coachQuery, { query: { state: 'A' } }, { enabled: rows.length > 0 }).data ?? [];
  const [coachOf, setCoachOf] = useState<Record<number, number>>({});
  if (!rows.length) return null;
  return (
    <>
      <Typography.Paragraph strong style={{ margin: '12px 0 4px' }}>
        私教课时包
      </Typography.Paragraph>
      <Table<RosterRow>
        size="small"
        rowKey="enrolmentId"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '学员', dataIndex: 'studentName' },
          { title: '剩余课时', dataIndex: 'lessonsLeft', align: 'right' },
          { title: '有效期至', dataIndex: 'validUntil', render: (d: string | null) => d ?? '—' },
          {
            title: '授课教练',
            key: 'coach',
            render: (_, r) => (
              <Select
                size="small"
                aria-label={`${r.studentName} 的授课教练`}
                placeholder="选择教练"
                style={{ width: 120 }}
                value={coachOf[r.enrolmentId]}
                onChange={(v: number) => setCoachOf((c) => ({ ...c, [r.enrolmentId]: v }))}
                options={coaches.map((c) => ({ value: c.coachId, label: c.coachName }))}
              />
            ),
          },
          {
            title: '操作',
            key: 'op',
            render: (_, r) =>
              r.refusal ? (
                <Typography.Text type="danger">{r.refusal}</Typography.Text>
              ) : (
                <Button size="small" type="link" disabled={busy || !coachOf[r.enrolmentId]} onClick={() => onSign(r.enrolmentId, coachOf[r.enrolmentId])}>
                  消课
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
