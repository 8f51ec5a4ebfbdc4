import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Select, Tag } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { CallData, Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { FormDialog } from '@/components/list/FormDialog';
import { Permission } from '@/components/Permission';
import { formatDate } from '@/lib/format';
import { callApi, downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { balanceText, searchQuery, STATE_LABELS } from '../card-rules';
import { CardDetailDrawer } from '../components/CardDetailDrawer';
import { ImportCardsDialog } from '../components/ImportCardsDialog';
import { useCardHandler } from '../useCardHandler';
import { fieldsOf, textRules } from '@/lib/schema-rules';

type Filters = { cardNoOrId?: string; memberName?: string; phone?: string; blurryKeyword?: string; state?: Card['state']; cardTypeId?: number };
const SEARCH_TYPES = [
  { value: '2', label: '会员卡号' },
  { value: '3', label: '会员姓名' },
  { value: '4', label: '联系方式' },
  { value: '0', label: '模糊查询' },
];
const typeOptions = (types: CallData<typeof member.cardTypes>) => types.map((t) => ({ value: t.cardTypeId, label: t.cardTypeName }));
const STATE_OPTIONS = Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label }));

/** 会员卡管理: find cards, see their records and refund, remark, open, bind, import and export. */
export default function MemberCardPage({
  extraActions,
  extraToolbar,
}: { extraActions?: (card: Card, reload: () => Promise<void>) => ReactNode; extraToolbar?: (reload: () => Promise<void>) => ReactNode } = {}) {
  const types = useApiQuery(member.cardTypes, {}, { select: typeOptions }).data ?? [];
  const [detail, setDetail] = useState<Card | null>(null);
  const [editing, setEditing] = useState<{ card: Card; reload: () => Promise<void>; kind: 'remark' | 'bind' } | null>(null);
  const [importing, setImporting] = useState<(() => Promise<void>) | null>(null);
  const handle = useCardHandler();

  return (
    <>
      <CrudPage<Card, Filters, object>
        entity="会员卡"
        rowKey="cardId"
        pageSize={10}
        list={member.all}
        toFilters={({ type, keyword, state, cardTypeId }) => ({
          ...(keyword ? searchQuery(String(type ?? '2'), String(keyword)) : {}),
          state: state as Card['state'] | undefined,
          cardTypeId: cardTypeId as number | undefined,
        })}
        searchFields={
          <>
            <Form.Item name="type" initialValue="2">
              <Select options={SEARCH_TYPES} aria-label="搜索类型" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="keyword">
              <Input placeholder="请输入会员卡号/姓名/手机号" allowClear style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="cardTypeId">
              <Select placeholder="卡类型" aria-label="卡类型" allowClear options={types} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="卡状态" aria-label="卡状态" allowClear options={STATE_OPTIONS} style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '会员卡号', dataIndex: 'cardNo' },
          { title: '卡类型', dataIndex: 'cardTypeName' },
          {
            title: '会员姓名',
            dataIndex: 'memberName',
            render: (n: string, c) => (
              <>
                {n} {c.isInBlack && <Tag color="error">黑名单</Tag>}
              </>
            ),
          },
          { title: '手机号', dataIndex: 'phone' },
          { title: '余额', key: 'balance', render: (_, c) => balanceText(c) },
          { title: '有效期', key: 'valid', render: (_, c) => `${formatDate(c.useBeginTime) || '—'} 至 ${formatDate(c.useEndTime) || '长期'}` },
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: Card['state']) => <Tag color={s === 'A' ? 'success' : s === 'B' ? 'error' : 'default'}>{STATE_LABELS[s]}</Tag>,
          },
          { title: '开卡', dataIndex: 'isOpened', render: (o: string) => (o === 'T' ? '已开卡' : <Tag color="warning">未开卡</Tag>) },
          { title: '实体卡', dataIndex: 'phyCardId', render: (p: string | null) => (p ? '已绑定' : '—') },
        ]}
        actionWidth={240}
        rowActions={(card, reload) => (
          <>
            <Button size="small" type="link" onClick={() => setDetail(card)}>
              详情
            </Button>
            {card.isOpened === 'F' && card.state === 'A' && (
              <Permission value={[PERMISSIONS.member.card.open]}>
                <Button size="small" type="link" onClick={() => void handle(card, 'view').then((c) => c && reload())}>
                  开卡
                </Button>
              </Permission>
            )}
            <Permission value={[PERMISSIONS.member.card.remark]}>
              <Button size="small" type="link" onClick={() => setEditing({ card, reload, kind: 'remark' })}>
                备注
              </Button>
            </Permission>
            <Permission value={[PERMISSIONS.member.card.bind]}>
              <Button size="small" type="link" onClick={() => setEditing({ card, reload, kind: 'bind' })}>
                绑卡
              </Button>
            </Permission>
            {extraActions?.(card, reload)}
          </>
        )}
        toolbar={(reload, filters) => (
          <>
            <Permission value={[PERMISSIONS.member.card.import]}>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(() => reload)}>
                导入
              </Button>
            </Permission>
            <Permission value={[PERMISSIONS.member.card.export]}>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(member.exportCard, { query: filters })}>
                导出
              </Button>
            </Permission>
            {extraToolbar?.(reload)}
          </>
        )}
      />
      {detail && <CardDetailDrawer card={detail} onClose={() => setDetail(null)} />}
      {importing && <ImportCardsDialog onClose={() => setImporting(null)} onImported={() => void importing()} />}
      <FormDialog<{ remark?: string; phyCardId?: string }>
        open={editing !== null}
        title={editing?.kind === 'bind' ? `绑定实体卡：${editing.card.cardNo}` : `修改备注：${editing?.card.cardNo ?? ''}`}
        initialValues={editing?.kind === 'remark' ? { remark: editing.card.remark } : { phyCardId: editing?.card.phyCardId ?? '' }}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          const { card, reload, kind } = editing!;
          if (kind === 'remark') await callApi(member.updateRemark, { query: { cardId: card.cardId, remark: values.remark ?? '' } });
          else await callApi(member.bindCard, { body: { cardId: card.cardId, phyCardId: values.phyCardId ?? '' } });
          await reload();
        }}
      >
        {editing?.kind === 'bind' ? (
          <Form.Item
            name="phyCardId"
            label="实体卡号"
            extra="在读卡器上刷卡，或手动输入卡面号码"
            rules={[
              { required: true, whitespace: true, message: '请刷实体卡' },
              { min: 5, message: '实体卡号至少5位' },
            ]}
          >
            <Input />
          </Form.Item>
        ) : (
          <Form.Item name="remark" label="备注" rules={textRules(fieldsOf(member.updateRemark.query).remark)}>
            <Input.TextArea rows={3} />
          </Form.Item>
        )}
      </FormDialog>
    </>
  );
}
