import { Table, Tag } from 'antd';
import type { LectureUser } from '@venue/contract';
import { stateTag } from '@/features/ticket';
import { lectureDatesText, lectureSelectable, lectureTimesText } from '../lecture-view';

export interface LectureUserTableProps {
  rows: LectureUser[];
  /** The order's lecture and ticket type (every row's). */
  lectureName: string;
  ticketName: string;
  selected: number[];
  onSelect: (ids: number[]) => void;
  loading?: boolean;
}

/** The lecture tab's table (spec 2.8): name, ticket type, use dates, use times, status, participant, contact; 220 px high; only A rows can be ticked. */
export function LectureUserTable({ rows, lectureName, ticketName, selected, onSelect, loading }: LectureUserTableProps) {
  return (
    <Table<LectureUser>
      size="small"
      rowKey="userId"
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ y: 220, x: 730 }}
      locale={{ emptyText: '暂无数据' }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(Number)),
        getCheckboxProps: (row) => ({ disabled: !lectureSelectable(row), 'aria-label': `选择 ${row.userName}` }),
      }}
      columns={[
        { title: '名称', key: 'lecture', width: 120, ellipsis: true, render: () => lectureName },
        { title: '票种', key: 'ticket', width: 80, ellipsis: true, render: () => ticketName },
        { title: '使用日期', key: 'dates', width: 110, render: (_, r) => lectureDatesText(r) },
        { title: '使用时间', key: 'times', width: 100, render: (_, r) => lectureTimesText(r) },
        {
          title: '票据状态',
          dataIndex: 'state',
          width: 90,
          render: (s: string) => {
            const tag = stateTag(s);
            return <Tag color={tag.color}>{tag.text}</Tag>;
          },
        },
        { title: '参会人', dataIndex: 'userName', width: 80, ellipsis: true },
        { title: '联系方式', dataIndex: 'phone', width: 110 },
      ]}
    />
  );
}
