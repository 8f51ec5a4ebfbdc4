import { Button, Card, Checkbox, Tag, Tooltip } from 'antd';
import { LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { CHANNEL_LABELS, GATE_TEXTS, USAGE_LABELS, type DialogGate, type PassDirection } from '@venue/contract/gate';
import { canDrive } from '../gate-control';
import styles from './GateControlDialog.module.css';

interface Props {
  gate: DialogGate;
  ticked: { I: boolean; O: boolean };
  /** Why a channel did not act on the last command, by direction. */
  failures: Partial<Record<PassDirection, string>>;
  busy: boolean;
  onTick: (direction: PassDirection, on: boolean) => void;
  /** The trigger icon: opens that channel once. */
  onOpenOnce: (direction: PassDirection) => void;
}

const ICONS = { I: <LoginOutlined />, O: <LogoutOutlined /> };

/** One gate of the dialog (spec 2.9): name, usage, the enter and exit channels each with its single-click trigger. */
export function GateCard({ gate, ticked, failures, busy, onTick, onOpenOnce }: Props) {
  const channel = (direction: PassDirection) => {
    const label = CHANNEL_LABELS[direction];
    const drivable = canDrive(gate, direction);
    const why = gate.isRemoteControl !== 'T' ? GATE_TEXTS.noRemote : drivable ? undefined : `未配置${label}`;
    return (
      <div key={direction}>
        <Tooltip title={why}>
          <div className={styles.channel}>
            <Checkbox checked={drivable && ticked[direction]} disabled={!drivable} onChange={(e) => onTick(direction, e.target.checked)}>
              {label}
            </Checkbox>
            <Button
              size="small"
              type="text"
              icon={ICONS[direction]}
              disabled={!drivable}
              loading={busy}
              aria-label={`${gate.gateName}${label}开门`}
              title={drivable ? `${label}单次开门` : undefined}
              onClick={() => onOpenOnce(direction)}
            />
          </div>
        </Tooltip>
        {failures[direction] && <p className={styles.failure}>{failures[direction]}</p>}
      </div>
    );
  };
  return (
    <Card
      size="small"
      title={gate.gateName}
      extra={<Tag color={gate.usage === 'A' ? 'success' : 'default'}>{USAGE_LABELS[gate.usage]}</Tag>}
      data-testid="gate-card"
    >
      <div className={styles.venue}>{gate.venueName}</div>
      {channel('I')}
      {channel('O')}
    </Card>
  );
}
