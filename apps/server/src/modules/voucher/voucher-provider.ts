/**
 * The short-video platform's group-buy vouchers as our services see them (design 4). One
 * implementation, `DouyinVoucherProvider` (douyin/douyin-provider.ts), speaks the platform's API over a
 * `PlatformTransport`: HTTP to the real platform, or the in-process simulator (douyin/simulator.ts) that
 * answers in the same shapes, the default in demo and tests. No service knows which one is active.
 */
export interface PreparedVoucher {
  certificateId: string;
  code: string;
  encryptedCode: string;
  skuId: string;
  skuTitle: string;
  grouponType: number;
  originalFen: number;
  payFen: number;
  /** ISO time */
  expireTime: string;
}

/** 验券准备: the order's unused vouchers and the token their verification needs. */
export interface Prepared {
  /** 0: the platform answered; otherwise its error and description (no vouchers then). */
  errorCode: number;
  description: string;
  orderId: string;
  verifyToken: string;
  certificates: PreparedVoucher[];
}

/**
 * What verifying one voucher came to. `already`: the platform says it was verified by an earlier call
 * (1208 or 2 on the retry); `unclear`: no clear answer (a timeout, a system error): both are settled by
 * the status query, never by verifying again.
 */
export type VerifyOutcome =
  | { certificateId: string; kind: 'ok'; verifyId: string; verifyTime: string }
  | { certificateId: string; kind: 'already' }
  | { certificateId: string; kind: 'failed'; message: string }
  | { certificateId: string; kind: 'unclear'; message: string };

export type CertificateStatus = { kind: 'verified'; verifyId: string; verifyTime: string } | { kind: 'unused' } | { kind: 'unclear'; message: string };

export type CancelOutcome = { ok: true } | { ok: false; message: string };

export interface VoucherProvider {
  prepare(code: string): Promise<Prepared>;
  /** All certificates of one call belong to one order; every call needs its own prepare. */
  verify(input: { verifyToken: string; orderId: string; certificates: PreparedVoucher[] }): Promise<VerifyOutcome[]>;
  cancel(input: { verifyId: string; certificateId: string }): Promise<CancelOutcome>;
  status(encryptedCode: string): Promise<CertificateStatus>;
}
