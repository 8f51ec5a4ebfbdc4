import { useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Radio, Space, Table } from 'antd';
import type { z } from 'zod';
import * as member from '@venue/contract/member';
import { PERMISSIONS } from '@venue/contract/common/access';
import { Permission } from '@/components/Permission';
import { FormDialog } from '@/components/list/FormDialog';
import { callApi } from '@/lib/http';
import { formatTime } from '@/lib/format';
import { toast } from '@/lib/notify';
import { useApiQuery } from '@/lib/query';

type Rule = z.infer<typeof member.blacklistRule>;
const STATES = [
  { value: 'A', label: '启用' },
  { value: 'S', label: '停用' },
];

/** 黑名单规则: the four rules (FC, TR, TE, FN) with their threshold within days; the daily job applies them, 立即执行 now. */
export default function BlacklistRulePage() {
  const rules = useApiQuery(member.blacklistRules);
  const [editing, setEditing] = useState<Rule | null>(null);
  return (
    <Card>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="每日自动执行：会员在规定天数内达到次数即加入黑名单，其正常状态的会员卡变为黑名单。场地预订取消、预订未到场在场地预订上线后生效。"
      />
      <Space style={{ marginBottom: 12 }}>
        <Permission value={[PERMISSIONS.member.blacklist.edit]}>
          <Button
            type="primary"
            onClick={async () => {
              const r = await callApi(member.applyBlacklistRules);
              toast.success(`已执行：${r.members} 名会员加入黑名单，${r.cards} 张会员卡`);
            }}
          >
            立即执行
          </Button>
        </Permission>
      </Space>
      <Table<Rule>
        rowKey="ruleType"
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        columns={[
          { title: '规则类型', dataIndex: 'ruleName' },
          { title: '条件', key: 'when', render: (_, r) => `${r.days}天内达到${r.threshold}次` },
          { title: '状态', dataIndex: 'state', render: (s: string) => (s === 'A' ? '启用' : '停用') },
          { title: '修改时间', dataIndex: 'updateTime', render: (t: string | null) => (t ? formatTime(t) : '—') },
          {
            title: '操作',
            key: 'op',
            render: (_, r) => (
              <Permission value={[PERMISSIONS.member.blacklist.edit]}>
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  设置
                </Button>
              </Permission>
            ),
          },
        ]}
      />
      <FormDialog<{ threshold: number; days: number; state: 'A' | 'S' }>
        open={editing !== null}
        title={`黑名单规则：${editing?.ruleName ?? ''}`}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          await callApi(member.saveBlacklistRule, { body: { ruleType: editing!.ruleType, ...v } });
          await rules.refetch();
        }}
      >
        <Form.Item name="days" label="天数" rules={[{ required: true, message: '请输入天数' }]}>
          <InputNumber min={1} max={3650} precision={0} addonAfter="天内" />
        </Form.Item>
        <Form.Item name="threshold" label="次数" rules={[{ required: true, message: '请输入次数' }]}>
          <InputNumber min={1} max={999} precision={0} addonAfter="次" />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Radio.Group options={STATES} />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
