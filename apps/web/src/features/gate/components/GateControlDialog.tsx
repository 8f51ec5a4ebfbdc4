import { useState } from 'react';
import { Button, Checkbox, Empty, Menu, Modal, Space, Spin } from 'antd';
import * as gate from '@venue/contract/gate';
import { DOOR_STATE_LABELS, GATE_TEXTS, type DoorState, type PassDirection, type RemoteControlItem } from '@venue/contract/gate';
import { notify } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { allTicked, commandItems, gatesOf, outcome, tick, tickAll, type AreaChoice, type Ticks } from '../gate-control';
import { GateCard } from './GateCard';
import styles from './GateControlDialog.module.css';

const BUTTONS: DoorState[] = [0, 1, 3];
type Failures = Record<number, Partial<Record<PassDirection, string>>>;

/** 远程开闸 (spec 2.9, 1200 px): areas on the left, 开门 / 常开 / 常闭 for the ticked channels of the user's gates. */
export function GateControlDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const areas = useApiQuery(gate.getGateByUser, {}, { enabled: open });
  const [choice, setChoice] = useState<AreaChoice>('all');
  const [ticks, setTicks] = useState<Ticks>({});
  const [failures, setFailures] = useState<Failures>({});
  const [sending, setSending] = useState<string | null>(null);
  const control = useApiMutation(gate.remoteControl, { invalidates: [gate.commandQuery, gate.passQuery] });
  const shown = gatesOf(areas.data ?? [], choice);
  const selectAll = allTicked(ticks, shown);
  const ticked = commandItems(ticks, 0).length;

  async function send(key: string, doorState: DoorState, items: RemoteControlItem[]) {
    setSending(key);
    try {
      const answer = await control.mutateAsync({ body: items });
      const told = outcome(doorState, answer.results);
      if (told.notice) notify.success(told.notice);
      if (told.failures.length) notify.warning(`${told.failures.length} 个通道未执行：${told.failures[0]}${told.failures.length > 1 ? ' 等' : ''}`);
      const next: Failures = {};
      for (const r of answer.results) if (!r.success) next[r.gateId] = { ...next[r.gateId], [r.passDirection]: r.message };
      setFailures(next);
    } catch {
      // The HTTP client has shown the refusal.
    } finally {
      setSending(null);
    }
  }

  return (
    <Modal open={open} title="远程开闸" width={1200} footer={null} onCancel={onClose} destroyOnHidden>
      <div className={styles.body}>
        <Menu
          className={styles.areas}
          aria-label="区域"
          selectedKeys={[String(choice)]}
          onClick={({ key }) => setChoice(key === 'all' ? 'all' : Number(key))}
          items={[{ key: 'all', label: GATE_TEXTS.allAreas }, ...(areas.data ?? []).map((a) => ({ key: String(a.areaId), label: a.areaName }))]}
        />
        <div className={styles.panel}>
          <div className={styles.toolbar}>
            <Space>
              {BUTTONS.map((state) => (
                <Button
                  key={state}
                  type={state === 0 ? 'primary' : 'default'}
                  danger={state === 3}
                  disabled={ticked === 0 || (sending !== null && sending !== String(state))}
                  loading={sending === String(state)}
                  onClick={() => void send(String(state), state, commandItems(ticks, state))}
                >
                  {DOOR_STATE_LABELS[state]}
                </Button>
              ))}
            </Space>
            <Checkbox {...selectAll} onChange={(e) => setTicks(tickAll(ticks, shown, e.target.checked))}>
              全选
            </Checkbox>
            <span className={styles.count}>已选 {ticked} 个通道</span>
          </div>
          <Spin spinning={areas.isFetching}>
            {shown.length ? (
              <div className={styles.cards}>
                {shown.map((g) => (
                  <GateCard
                    key={g.gateId}
                    gate={g}
                    ticked={ticks[g.gateId] ?? { I: false, O: false }}
                    failures={failures[g.gateId] ?? {}}
                    busy={sending === `once-${g.gateId}`}
                    onTick={(direction, on) => setTicks(tick(ticks, g, direction, on))}
                    onOpenOnce={(direction) => void send(`once-${g.gateId}`, 0, [{ gateId: g.gateId, passDirection: direction, doorState: 0 }])}
                  />
                ))}
              </div>
            ) : (
              <Empty description={GATE_TEXTS.noData} />
            )}
          </Spin>
        </div>
      </div>
    </Modal>
  );
}
