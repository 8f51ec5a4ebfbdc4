import { useEffect, useRef, useState } from 'react';
import { Button, Input, Modal, Space, Table, Tag } from 'antd';
import { member, type Card } from '@venue/contract';
import { callApi } from '@/lib/http';
import { pagination } from '@/components/list/usePagedList';
import { balanceText, searchQuery, STATE_LABELS } from '../card-rules';

const PAGE_SIZE = 10;

/** 选择会员卡: results of a search; double click picks; a single result on page 1 is picked at once. */
export function CardPickerDialog({ type, keyword, venueId, onPick, onClose }: {
  type: string;
  keyword: string;
  venueId?: number;
  onPick: (card: Card) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(keyword);
  const [query, setQuery] = useState({ type, keyword, current: 1, size: PAGE_SIZE });
  const [page, setPage] = useState<{ records: Card[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    let live = true;
    setLoading(true);
    callApi(member.all, { query: { ...searchQuery(query.type, query.keyword), venueId, current: query.current, size: query.size } })
      .then((result) => {
        if (!live) return;
        setPage(result);
        if (query.current === 1 && result.records.length === 1) pick.current(result.records[0]);
      }, () => live && setPage({ records: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, venueId]);

  const search = () => setQuery({ type: text === keyword ? type : '', keyword: text, current: 1, size: query.size });

  return (
    <Modal open title="选择会员卡" width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Space.Compact style={{ width: 360, marginBottom: 12 }}>
        <Input value={text} onChange={(e) => setText(e.target.value)} onPressEnter={search} placeholder="请输入会员卡号/姓名/手机号" allowClear />
        <Button type="primary" onClick={search}>查询</Button>
      </Space.Compact>
      <Table<Card>
        rowKey="cardId"
        size="small"
        loading={loading}
        dataSource={page.records}
        scroll={{ y: 400 }}
        pagination={pagination(query.current, query.size, page.total, (current, size) => setQuery({ ...query, current, size }))}
        onRow={(card) => ({ onDoubleClick: () => onPick(card), style: { cursor: 'pointer' } })}
        columns={[
          { title: '会员卡号', dataIndex: 'cardNo' },
          { title: '卡类型', dataIndex: 'cardTypeName' },
          { title: '卡状态', dataIndex: 'state', render: (s: Card['state'], c) => <>{STATE_LABELS[s]} {c.isInBlack && <Tag color="error">黑名单</Tag>}</> },
          { title: '会员姓名', dataIndex: 'memberName' },
          { title: '会员类型', dataIndex: 'memberTypeName', render: (t: string | null) => t ?? '—' },
          { title: '余额', key: 'balance', render: (_, c) => balanceText(c) },
          { title: '有效期开始', dataIndex: 'useBeginTime', render: (t: string | null) => t?.slice(0, 10) ?? '—' },
          { title: '有效期结束', dataIndex: 'useEndTime', render: (t: string | null) => t?.slice(0, 10) ?? '—' },
        ]}
      />
    </Modal>
  );
}
