/** The gate code tables (spec 3) and the remote-control dialog's texts (spec 2.9, 8). */

/** Code table "Direction": I in, O out. */
export const PASS_DIRECTIONS = ['I', 'O'] as const;
export type PassDirection = (typeof PASS_DIRECTIONS)[number];
/** Code table "Door state" (spec 9): 0 open once, 1 keep open, 3 keep closed. */
export const DOOR_STATES = [0, 1, 3] as const;
export type DoorState = (typeof DOOR_STATES)[number];
export const DOOR_STATE_LABELS: Record<DoorState, string> = { 0: '开门', 1: '常开', 3: '常闭' };
/** Spec 8's door notices, by the command that was sent. */
export const DOOR_NOTICES: Record<DoorState, string> = { 0: '开门请求已发送', 1: '常开请求已发送', 3: '常闭请求已发送' };
export const CHANNEL_LABELS: Record<PassDirection, string> = { I: '进场通道', O: '出场通道' };
export const DIRECTION_LABELS: Record<PassDirection, string> = { I: '进场', O: '出场' };
/** Code table "Reader type". */
export const READER_TYPES = ['WG', 'COM', 'FACE', 'ID', 'FINGER', 'NET', 'OUXUAN'] as const;
export const READER_TYPE_LABELS: Record<(typeof READER_TYPES)[number], string> = {
  WG: '韦根',
  COM: '串口',
  FACE: '人脸',
  ID: '身份证',
  FINGER: '指纹',
  NET: '网络',
  OUXUAN: '欧轩',
};
/** Code table "Pass mode": S one in one out, M multiple. */
export const PASS_MODES = ['S', 'M'] as const;
export const PASS_MODE_LABELS: Record<(typeof PASS_MODES)[number], string> = { S: '一进一出', M: '多次通行' };
/** A gate's usage (state): A in use, S stopped. */
export const USAGE_LABELS: Record<'A' | 'S', string> = { A: '启用', S: '停用' };
/** The dialog's texts of spec 2.9. */
export const GATE_TEXTS = { allAreas: '全部区域', noData: '暂无数据', noRemote: '该闸机不支持远程控制', chooseChannel: '请选择闸机通道' } as const;
/** A controller's doors are numbered 1-4. */
export const DOORS = [1, 2, 3, 4] as const;
