/** The till's keyboard shortcuts, as the help popover (?) lists them and the dialogs bind them. */
export const KEYS = {
  openSale: 'F2',
  focusScan: 'F4',
  submitOrder: 'F8',
  pay: 'F9',
} as const;

export const SHORTCUT_HELP: { keys: string; action: string }[] = [
  { keys: KEYS.openSale, action: '打开商品销售（任意页面）' },
  { keys: KEYS.focusScan, action: '光标回到扫码/商品名称/助记码框' },
  { keys: '方向键', action: '在商品、收款方式、会员卡之间移动' },
  { keys: 'Enter / 空格', action: '加入结算清单；选中收款方式或会员卡' },
  { keys: KEYS.submitOrder, action: '提交订单，打开收款' },
  { keys: `${KEYS.pay} / Enter`, action: '确认收款（仅现金类方式时 Enter 不收款）' },
  { keys: 'Esc', action: '关闭当前窗口' },
  { keys: 'Tab / Shift+Tab', action: '在会员查询、结算清单和按钮之间移动' },
];
