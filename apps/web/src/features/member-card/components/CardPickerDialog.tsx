import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Input, Modal, Space, Table, Tag } from 'antd';
import type { Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { formatDate } from '@/lib/format';
import { callApi } from '@/lib/http';
import { usePagedList, type ListSource } from '@/components/list/usePagedList';
import { balanceText, searchQuery, STATE_LABELS } from '../card-rules';

const PAGE_SIZE = 10;
interface Search {
  type: string;
  keyword: string;
  venueId?: number;
}

const CARDS: ListSource<Card, Search> = {
  call: member.all,
  fetch: ({ type, keyword, venueId, current, size }, signal) =>
    callApi(member.all, { query: { ...searchQuery(type, keyword), venueId, current, size } }, { signal }),
};

/** 选择会员卡: results of a search; double click picks; a single result on page 1 is picked at once. */
export function CardPickerDialog({
  type,
  keyword,
  venueId,
  onPick,
  onClose,
}: {
  type: string;
  keyword: string;
  venueId?: number;
  onPick: (card: Card) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(keyword);
  const list = usePagedList<Card, Search>(CARDS, { type, keyword, venueId }, PAGE_SIZE);
  // Only a fresh answer picks: a cached one may hold a card whose state has changed since.
  const only = !list.loading && list.pagination.current === 1 && list.records.length === 1 ? list.records[0] : null;
  const pickOnly = useEffectEvent((card: Card) => onPick(card));
  useEffect(() => {
    if (only) pickOnly(only);
  }, [only]);

  const search = () => list.search({ type: text === keyword ? type : '', keyword: text, venueId });

  return (
    <Modal open title="选择会员卡" width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Space.Compact style={{ width: 360, marginBottom: 12 }}>
        <Input value={text} onChange={(e) => setText(e.target.value)} onPressEnter={search} placeholder="请输入会员卡号/姓名/手机号" allowClear />
        <Button type="primary" onClick={search}>
          查询
        </Button>
      </Space.Compact>
      <Table<Card>
        rowKey="cardId"
        size="small"
        loading={list.loading}
        dataSource={list.records}
        scroll={{ y: 400 }}
        pagination={list.pagination}
        onRow={(card) => ({ onDoubleClick: () => onPick(card), style: { cursor: 'pointer' } })}
        columns={[
          { title: '会员卡号', dataIndex: 'cardNo' },
          { title: '卡类型', dataIndex: 'cardTypeName' },
          {
            title: '卡状态',
            dataIndex: 'state',
            render: (s: Card['state'], c) => (
              <>
                {STATE_LABELS[s]} {c.isInBlack && <Tag color="error">黑名单</Tag>}
              </>
            ),
          },
          { title: '会员姓名', dataIndex: 'memberName' },
          { title: '会员类型', dataIndex: 'memberTypeName', render: (t: string | null) => t ?? '—' },
          { title: '余额', key: 'balance', render: (_, c) => balanceText(c) },
          { title: '有效期开始', dataIndex: 'useBeginTime', render: (t: string | null) => formatDate(t) || '—' },
          { title: '有效期结束', dataIndex: 'useEndTime', render: (t: string | null) => formatDate(t) || '—' },
        ]}
      />
    </Modal>
  );
}
