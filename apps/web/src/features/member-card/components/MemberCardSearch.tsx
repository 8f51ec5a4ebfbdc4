import { useState, type KeyboardEvent } from 'react';
import { Button, Input, Select, Space } from 'antd';
import { member, type Card } from '@venue/contract';
import { useScannerInput } from '@/hooks/useScannerInput';
import { lookupCard, useCardHandler } from '../useCardHandler';
import { CardPickerDialog } from './CardPickerDialog';

const SEARCH_TYPES = [
  { value: member.SEARCH_TYPES.cardNo, label: '会员卡号' },
  { value: member.SEARCH_TYPES.memberName, label: '会员姓名' },
  { value: member.SEARCH_TYPES.phone, label: '联系方式' },
];

export interface MemberCardSearchProps {
  /** Called with a card that passed the state rules (opened if it had to be). */
  onSelect: (card: Card) => void;
  purpose?: 'purchase' | 'view';
  venueId?: number;
  /** Listen for a card reader (keyboard wedge) while true. */
  scanner?: boolean;
}

/** The member-card search widget of spec 2.5: type, keyword, query, Enter, and a card reader. */
export function MemberCardSearch({ onSelect, purpose = 'purchase', venueId, scanner = true }: MemberCardSearchProps) {
  const [type, setType] = useState<string>(member.SEARCH_TYPES.cardNo);
  const [keyword, setKeyword] = useState('');
  const [picking, setPicking] = useState<{ type: string; keyword: string } | null>(null);
  const handle = useCardHandler();

  async function accept(card: Card) {
    setPicking(null);
    const usable = await handle(card, purpose);
    if (usable) onSelect(usable);
  }

  useScannerInput(
    (code) => {
      setKeyword(code);
      void lookupCard(code).then((card) => card && accept(card));
    },
    { enabled: scanner && picking === null },
  );

  const search = () => setPicking({ type, keyword: keyword.trim() });
  // The dialog takes focus as Enter goes down; without this, the same key's keypress would click its close button.
  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    search();
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Select value={type} onChange={setType} options={SEARCH_TYPES} style={{ width: 110 }} aria-label="搜索类型" />
        <Input
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={searchOnEnter}
          placeholder="请输入会员卡号/姓名/手机号"
          aria-label="会员查询关键字"
          allowClear
        />
        <Button type="primary" onClick={search}>
          查询
        </Button>
      </Space.Compact>
      {picking && (
        <CardPickerDialog
          type={picking.type}
          keyword={picking.keyword}
          venueId={venueId}
          onPick={(card) => void accept(card)}
          onClose={() => setPicking(null)}
        />
      )}
    </>
  );
}
