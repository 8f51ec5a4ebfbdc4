import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Table } from 'antd';
import type { Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { formatTime } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { ExtendDialog } from './ExtendDialog';

/** 批量延期: the count and period cards by end date (allForBatchExtension), chosen, then one 延期 paid for all (batchExtend). */
export function BatchExtendDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [filters, setFilters] = useState<{ cardTypeId?: number; endBefore?: string }>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(20);
  const [chosen, setChosen] = useState<Card[]>([]);
  const [extending, setExtending] = useState(false);
  const types = useApiQuery(member.cardTypes).data ?? [];
  const list = useApiQuery(member.allForBatchExtension, { query: { ...filters, current, size } });
  return (
    <>
      <Modal open={!extending} width={900} title="批量延期" onCancel={onClose} footer={null} maskClosable={false}>
        <Form
          layout="inline"
          style={{ marginBottom: 8 }}
          onFinish={(v: { cardTypeId?: number; endBefore?: string }) => setFilters({ cardTypeId: v.cardTypeId, endBefore: v.endBefore || undefined })}
        >
          <Form.Item name="cardTypeId">
            <Select
              placeholder="卡类型"
              aria-label="卡类型"
              allowClear
              style={{ width: 160 }}
              options={types.filter((t) => t.payType !== 'M').map((t) => ({ value: t.cardTypeId, label: t.cardTypeName }))}
            />
          </Form.Item>
          <Form.Item name="endBefore">
            <Input type="date" aria-label="到期日之前" />
          </Form.Item>
          <Space>
            <Button htmlType="submit" type="primary">
              搜索
            </Button>
            <Button disabled={!chosen.length} onClick={() => setExtending(true)}>
              延期所选（{chosen.length}）
            </Button>
          </Space>
        </Form>
        <Table<Card>
          size="small"
          rowKey="cardId"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          scroll={{ x: 640, y: 400 }}
          rowSelection={{ selectedRowKeys: chosen.map((c) => c.cardId), onChange: (_, rows) => setChosen(rows), preserveSelectedRowKeys: true }}
          pagination={{
            current,
            pageSize: size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, s) => {
              setCurrent(p);
              setSize(s);
            },
          }}
          columns={[
            { title: '卡号', dataIndex: 'cardNo' },
            { title: '会员', dataIndex: 'memberName' },
            { title: '卡类型', dataIndex: 'cardTypeName' },
            { title: '状态', dataIndex: 'state', render: (s: Card['state']) => member.CARD_STATE_LABELS[s] },
            { title: '有效期至', dataIndex: 'useEndTime', render: (t: string | null) => (t ? formatTime(t) : '—') },
          ]}
        />
      </Modal>
      {extending && (
        <ExtendDialog
          cards={chosen}
          onClose={() => setExtending(false)}
          onDone={() => {
            setChosen([]);
            onDone();
            onClose();
          }}
        />
      )}
    </>
  );
}
