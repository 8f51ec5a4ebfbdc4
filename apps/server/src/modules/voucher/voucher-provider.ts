/**
 * The short-video platform's group-buy vouchers as our services see them (design 4). One
 * implementation, `DouyinVoucherProvider` (douyin/douyin-provider.ts), speaks the platform's API over a
 * `PlatformTransport`: HTTP to the real platform, or the in-process simulator (douyin/simulator.ts) that
 * answers in the same shapes, the default in demo and tests. No service knows which one is active.
 *
 * Prepare answers no plain code and no certificate id: until verify answers them, a voucher is its
 * encrypted code. Every answer's `logid` (the id the platform's support asks for) comes back as
 * "call:logid" for the verification record.
 */
export interface PreparedVoucher {
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
  /** "prepare:<logid>" */
  logid: string;
}

/**
 * What verifying one voucher came to, matched by the encrypted code sent. `already`: the platform says
 * an earlier call verified it (1208 or 2 on the retry); `unclear`: no clear answer (a timeout, a system
 * error, an answer that cannot be read): both are settled by the status query, never by verifying again.
 */
export type VerifyOutcome =
  | { encryptedCode: string; kind: 'ok'; certificateId: string; verifyId: string; verifyTime: string; originCode: string }
  | { encryptedCode: string; kind: 'already' }
  | { encryptedCode: string; kind: 'failed'; message: string }
  | { encryptedCode: string; kind: 'unclear'; message: string };

export interface Verified {
  outcomes: VerifyOutcome[];
  /** "verify:<logid>" of each verify call that answered (two with the retry). */
  logids: string[];
}

export type CertificateStatus = (
  | { kind: 'verified'; certificateId: string; verifyId: string; verifyTime: string }
  | { kind: 'unused' }
  | { kind: 'unclear'; message: string }
) & { logid: string };

export type CancelOutcome = ({ ok: true } | { ok: false; message: string }) & { logid: string };

export interface VoucherProvider {
  /** `typed`: a voucher code, a QR code's link, or its object_id. */
  prepare(typed: string): Promise<Prepared>;
  /** All certificates of one call belong to one order; every call needs its own prepare. */
  verify(input: { verifyToken: string; orderId: string; certificates: PreparedVoucher[] }): Promise<Verified>;
  cancel(input: { verifyId: string; certificateId: string }): Promise<CancelOutcome>;
  status(encryptedCode: string): Promise<CertificateStatus>;
}
