import { useState } from 'react';
import { Alert, Modal, Transfer } from 'antd';
import * as gate from '@venue/contract/gate';
import type { Gate } from '@venue/contract/gate';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';

/** 授权用户 of 闸机管理: the users who see this gate in 远程开闸 (an admin sees every gate). */
export function GateUsersDialog({ target, onClose }: { target: Gate; onClose: () => void }) {
  const users = useApiQuery(gate.gateUsers, { query: { gateId: target.gateId } }, { gcTime: 0 });
  const save = useApiMutation(gate.gateSetUsers, { invalidates: [gate.gateQuery, gate.getGateByUser] });
  const [picked, setPicked] = useState<string[] | null>(null);
  const granted = picked ?? (users.data ?? []).filter((u) => u.granted).map((u) => String(u.userId));

  async function submit() {
    try {
      await save.mutateAsync({ body: { gateId: target.gateId, userIds: granted.map(Number) } });
      toast.success('操作成功');
      onClose();
    } catch {
      // shown by the HTTP client
    }
  }

  return (
    <Modal
      open
      title={`授权用户：${target.gateName}`}
      width={700}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title="授权的用户可在导航栏「远程开闸」中看到并控制该闸机（限其所属场馆）；管理员可见全部闸机。"
        style={{ marginBottom: 12 }}
      />
      <Transfer
        dataSource={(users.data ?? []).map((u) => ({ key: String(u.userId), title: `${u.realName}（${u.username}）` }))}
        targetKeys={granted}
        onChange={(keys) => setPicked(keys.map(String))}
        render={(item) => item.title}
        titles={['未授权', '已授权']}
        showSearch
        listStyle={{ width: 300, height: 320 }}
      />
    </Modal>
  );
}
