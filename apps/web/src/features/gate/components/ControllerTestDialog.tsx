import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Space, Table, Tag } from 'antd';
import type { CallData } from '@venue/contract';
import * as gate from '@venue/contract/gate';
import { PERMISSIONS } from '@venue/contract/common/access';
import type { Controller } from '@venue/contract/gate';
import { Permission } from '@/components/Permission';
import { callApi } from '@/lib/http';
import { notify } from '@/lib/notify';
import { useApiQuery } from '@/lib/query';

type Test = CallData<typeof gate.controllerTest>;
const CONTROL_LABELS: Record<number, [string, string]> = { 1: ['常开', 'warning'], 2: ['常闭', 'error'], 3: ['受控', 'success'] };

/** 测试 of 控制器管理: what the board answers (status, clock, doors, event listener, cards), 校时 and 重新下发卡片. */
export function ControllerTestDialog({ controller, onClose }: { controller: Controller; onClose: () => void }) {
  const test = useApiQuery(gate.controllerTest, { body: { controllerId: controller.controllerId } }, { gcTime: 0 });
  const [busy, setBusy] = useState<'time' | 'cards' | null>(null);
  const data: Test | undefined = test.data;

  async function act(kind: 'time' | 'cards') {
    setBusy(kind);
    try {
      if (kind === 'time') {
        const { controllerTime } = await callApi(gate.controllerSyncTime, { body: { controllerId: controller.controllerId } });
        notify.success(`校时成功，控制器时间 ${controllerTime}`);
      } else {
        const { queued } = await callApi(gate.controllerSyncCards, { body: { controllerId: controller.controllerId } });
        notify.success(`已排队下发 ${queued} 条卡权限`);
      }
      await test.refetch();
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open title={`测试控制器：${controller.controllerName}（${controller.serialNo}）`} width={700} footer={null} onCancel={onClose} destroyOnHidden>
      {test.isFetching && !data ? (
        <Alert type="info" title="正在读取控制器……" />
      ) : data ? (
        <>
          <Alert type={data.online ? 'success' : 'error'} title={data.message} description={`用时 ${data.elapsedMs} 毫秒`} style={{ marginBottom: 12 }} />
          {data.online && (
            <>
              <Descriptions size="small" bordered column={2} style={{ marginBottom: 12 }}>
                <Descriptions.Item label="控制器时间">{data.controllerTime}</Descriptions.Item>
                <Descriptions.Item label="服务器时间">{data.serverTime}</Descriptions.Item>
                <Descriptions.Item label="时间偏差">{data.driftSeconds} 秒</Descriptions.Item>
                <Descriptions.Item label="已存卡数">{data.cards}</Descriptions.Item>
                <Descriptions.Item label="事件接收地址">{data.listener ?? '未设置'}</Descriptions.Item>
                <Descriptions.Item label="最近事件">{data.lastEvent ?? '无'}</Descriptions.Item>
              </Descriptions>
              <Table
                rowKey="door"
                size="small"
                pagination={false}
                dataSource={data.doors}
                columns={[
                  { title: '门', dataIndex: 'door', render: (d: number) => `${d} 号门` },
                  {
                    title: '控制方式',
                    dataIndex: 'control',
                    render: (c: number) => <Tag color={CONTROL_LABELS[c]?.[1]}>{CONTROL_LABELS[c]?.[0] ?? `未知（${c}）`}</Tag>,
                  },
                  { title: '开门延时', dataIndex: 'delay', render: (s: number) => `${s} 秒` },
                  { title: '门磁', dataIndex: 'open', render: (open: boolean) => (open ? '打开' : '关闭') },
                ]}
              />
            </>
          )}
        </>
      ) : null}
      <Space style={{ marginTop: 16 }}>
        <Button onClick={() => void test.refetch()} loading={test.isFetching}>
          重新测试
        </Button>
        <Permission value={[PERMISSIONS.gate.controller.test]}>
          <Button onClick={() => void act('time')} loading={busy === 'time'} disabled={!data?.online}>
            校时
          </Button>
          <Button onClick={() => void act('cards')} loading={busy === 'cards'}>
            重新下发卡片
          </Button>
        </Permission>
      </Space>
    </Modal>
  );
}
