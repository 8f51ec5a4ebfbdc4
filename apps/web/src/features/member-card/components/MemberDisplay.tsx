import { useState } from 'react';
import { Avatar, Descriptions, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { Card } from '@venue/contract';
import { formatDate } from '@/lib/format';
import { maskCardNo } from '@/lib/mask';
import { balanceText, STATE_LABELS } from '../card-rules';

/** Photo, name, phone, card number (double click shows it in full), valid until and balance. */
export function MemberDisplay({ card }: { card: Card }) {
  const [full, setFull] = useState(false);
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }} data-testid="member-display">
      <Avatar size={64} shape="square" src={card.photo ?? undefined} icon={<UserOutlined />} />
      <Descriptions size="small" column={2} style={{ flex: 1 }}>
        <Descriptions.Item label="姓名">
          {card.memberName} {card.isInBlack && <Tag color="error">黑名单</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="手机号">{card.phone}</Descriptions.Item>
        <Descriptions.Item label="卡号">
          <span onDoubleClick={() => setFull(!full)} title="双击显示完整卡号" style={{ cursor: 'pointer', userSelect: 'none' }} data-testid="card-no">
            {full ? card.cardNo : maskCardNo(card.cardNo)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="卡类型">
          {card.cardTypeName} <Tag>{STATE_LABELS[card.state]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="有效期至">{card.useEndTime ? formatDate(card.useEndTime) : '长期有效'}</Descriptions.Item>
        <Descriptions.Item label={card.payType === 'D' ? '有效期' : '余额'}>{balanceText(card)}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}
