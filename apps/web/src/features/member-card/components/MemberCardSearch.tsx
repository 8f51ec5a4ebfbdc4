import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Button, Input, Select, Space, type InputRef } from 'antd';
import type { Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { namedClear } from '@/components/namedIcons';
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
  /**
   * The card the screen holds, when it shows one (the till's customer): when it goes (a payment, 移除会员)
   * the keyword goes too, so Enter cannot attach the previous customer again.
   */
  selected?: Card | null;
  /** The keyword box, for a screen that moves focus to it. */
  inputRef?: RefObject<InputRef | null>;
}

/** The member-card search widget of spec 2.5: type, keyword, query, Enter, and a card reader. */
export function MemberCardSearch({ onSelect, purpose = 'purchase', venueId, scanner = true, selected, inputRef }: MemberCardSearchProps) {
  const [type, setType] = useState<string>(member.SEARCH_TYPES.cardNo);
  const [keyword, setKeyword] = useState('');
  const [picking, setPicking] = useState<{ type: string; keyword: string } | null>(null);
  const [held, setHeld] = useState(selected);
  const ownBox = useRef<InputRef>(null);
  const box = inputRef ?? ownBox;
  const handle = useCardHandler();
  if (held !== selected) {
    setHeld(selected);
    if (!selected) setKeyword('');
  }
  // The picker is gone without handing focus back: it comes back to the keyword, inside the screen.
  const refocus = () => requestAnimationFrame(() => box.current?.focus());

  async function accept(card: Card) {
    setPicking(null);
    const usable = await handle(card, purpose);
    if (usable) onSelect(usable);
    refocus();
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
          ref={box}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={searchOnEnter}
          placeholder="请输入会员卡号/姓名/手机号"
          aria-label="会员查询关键字"
          allowClear={namedClear}
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
          onClose={() => {
            setPicking(null);
            refocus();
          }}
        />
      )}
    </>
  );
}
