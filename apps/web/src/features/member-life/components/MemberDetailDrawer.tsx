import { Alert, Descriptions, Drawer, Table, Tabs, Tag } from 'antd';
import * as member from '@venue/contract/member';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';

const stateLabel = (s: string) => member.CARD_STATE_LABELS[s as keyof typeof member.CARD_STATE_LABELS] ?? s;

/** 会员详情: the archive with family (who may use the holder's cards), the cards with their warnings, consumption, state changes and the audit trail. */
export function MemberDetailDrawer({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const archive = useApiQuery(member.memberArchive, { params: { id: memberId } }).data;
  const page = useApiQuery(member.memberDetailPage, { params: { id: memberId } }).data;
  return (
    <Drawer open width={Math.min(960, window.innerWidth)} title={`会员详情：${archive?.memberName ?? ''}`} onClose={onClose} destroyOnHidden>
      {archive && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
          <Descriptions.Item label="会员姓名">{archive.memberName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{archive.phone}</Descriptions.Item>
          <Descriptions.Item label="身份证号">{archive.idNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="会员类型">{archive.memberTypeName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="来源">{member.MEMBER_SOURCE_LABELS[archive.source]}</Descriptions.Item>
          <Descriptions.Item label="登记时间">{formatTime(archive.createTime)}</Descriptions.Item>
          <Descriptions.Item label="家庭成员（可使用会员卡）" span={3}>
            {archive.family.length
              ? archive.family.map((f) => `${f.name}（${member.FAMILY_RELATION_LABELS[f.relation]}${f.phone ? ` ${f.phone}` : ''}）`).join('、')
              : '无'}
          </Descriptions.Item>
        </Descriptions>
      )}
      {page?.blacklist.map((b, i) => (
        <Alert key={i} type="error" showIcon style={{ marginTop: 8 }} message={`黑名单：${b.ruleName}，${b.reason}`} />
      ))}
      <Tabs
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'cards',
            label: `会员卡（${page?.cards.length ?? 0}）`,
            children: (
              <Table
                size="small"
                rowKey="cardId"
                pagination={false}
                scroll={{ x: 640 }}
                dataSource={page?.cards ?? []}
                columns={[
                  { title: '卡号', dataIndex: 'cardNo' },
                  { title: '卡类型', dataIndex: 'cardTypeName' },
                  {
                    title: '余额',
                    key: 'balance',
                    render: (_, c) => (c.payType === 'M' ? `¥${formatYuan(c.balance)}` : c.payType === 'T' ? `${c.balance} 次` : '—'),
                  },
                  { title: '有效期至', dataIndex: 'useEndTime', render: (t: string | null) => (t ? formatTime(t).slice(0, 10) : '长期') },
                  { title: '状态', dataIndex: 'state', render: (s: string) => <Tag color={s === 'A' ? 'success' : 'warning'}>{stateLabel(s)}</Tag> },
                  { title: '提示', dataIndex: 'warning', render: (w: string | null) => (w ? <span className="text-danger">{w}</span> : '') },
                ]}
              />
            ),
          },
          {
            key: 'consumes',
            label: '消费记录',
            children: (
              <Table
                size="small"
                rowKey="consumeId"
                pagination={{ pageSize: 20 }}
                scroll={{ x: 640 }}
                dataSource={page?.consumes ?? []}
                columns={[
                  { title: '时间', dataIndex: 'createTime', render: (t: string) => formatTime(t) },
                  { title: '卡号', dataIndex: 'cardNo' },
                  { title: '类别', dataIndex: 'kind' },
                  { title: '变动', dataIndex: 'amount' },
                  { title: '变动后', dataIndex: 'balanceAfter' },
                  { title: '说明', dataIndex: 'remark' },
                ]}
              />
            ),
          },
          {
            key: 'logs',
            label: '状态变更',
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.cardNo}-${r.createTime}-${r.actionName}`}
                pagination={{ pageSize: 20 }}
                scroll={{ x: 640 }}
                dataSource={page?.stateLogs ?? []}
                columns={[
                  { title: '时间', dataIndex: 'createTime', render: (t: string) => formatTime(t) },
                  { title: '卡号', dataIndex: 'cardNo' },
                  { title: '操作', dataIndex: 'actionName' },
                  { title: '状态', key: 'move', render: (_, r) => `${stateLabel(r.fromState)} → ${stateLabel(r.toState)}` },
                  { title: '说明', dataIndex: 'remark' },
                  { title: '操作人', dataIndex: 'createName' },
                ]}
              />
            ),
          },
          {
            key: 'audit',
            label: '操作日志',
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.createTime}-${r.target}-${r.actionName}`}
                pagination={{ pageSize: 20 }}
                scroll={{ x: 640 }}
                dataSource={page?.audit ?? []}
                columns={[
                  { title: '时间', dataIndex: 'createTime', render: (t: string) => formatTime(t) },
                  { title: '操作', dataIndex: 'actionName' },
                  { title: '对象', dataIndex: 'target' },
                  { title: '操作人', dataIndex: 'username' },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
