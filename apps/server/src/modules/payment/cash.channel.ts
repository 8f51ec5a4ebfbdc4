import type { ChannelAnswer, PaymentChannel } from './channel.ts';

const PAID: ChannelAnswer = { state: 'PAID', channelTradeNo: null, message: '' };

/**
 * Cash and the other methods the cashier settles by hand (bank card terminal, transfer, on account,
 * consumption coupon): no outside call, no auth code, always paid.
 */
export const cashLikeChannel: PaymentChannel = {
  remote: false,
  needsAuthCode: false,
  pay: async () => PAID,
  query: async () => PAID,
  refund: async () => PAID,
  queryRefund: async () => PAID,
};
