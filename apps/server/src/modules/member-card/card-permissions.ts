/** Permissions of the member-card screens; the cashier role holds list and open (the till's reads and 开卡). */
export const CARD_PERMISSIONS = {
  list: { permission: 'member:card:list' },
  open: { permission: 'member:card:open' },
  remark: { permission: 'member:card:remark' },
  refund: { permission: 'member:card:refund' },
  import: { permission: 'member:card:import' },
  export: { permission: 'member:card:export' },
  bind: { permission: 'member:card:bind' },
  extend: { permission: 'member:card:extend' },
} as const;
