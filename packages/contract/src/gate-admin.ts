import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, plainString, remarkText, stateAS, text } from './common/fields.ts';
import { PASS_MODES, READER_TYPES } from './gate-codes.ts';

// ---- Controllers (控制器管理): 微耕 / UHPPOTE boards, UDP port 60000 ----
/** A gate's doors: at least one channel, and not one door for both (checked by the server and the form). */
export const GATE_DOOR_RULES = { noChannel: '请至少选择进场门或出场门', sameDoor: '进场门与出场门不能是同一个门' } as const;
/** A controller's serial number, printed on the board: a 32-bit unsigned number. */
export const MAX_SERIAL_NO = 4_294_967_295;
const ipv4 = plainString('IP地址')
  .trim()
  .regex(/^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/, '请输入正确的IP地址');
const whole = (label: string, min: number, max: number, unit = '') =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于${min}${unit}`)
    .max(max, `${label}不能大于${max}${unit}`);
export const controller = z.object({
  controllerId: z.number(),
  controllerName: z.string(),
  serialNo: z.number(),
  address: z.string(),
  port: z.number(),
  /** T: requests go out as UDP broadcasts to `address` (a LAN segment's broadcast address). */
  broadcast: z.enum(['T', 'F']),
  timeoutMs: z.number(),
  retries: z.number(),
  /** Seconds a door stays unlocked after an open. */
  openDelay: z.number(),
  state: z.enum(['A', 'S']),
  remark: z.string(),
  gateCount: z.number(),
  /** Card records still to be written to (or removed from) the board, and the last failure. */
  pendingCards: z.number(),
  lastError: z.string().nullable(),
});
export type Controller = z.infer<typeof controller>;
export const controllerFields = {
  controllerName: text('控制器名称', 30),
  serialNo: whole('控制器序列号', 1, MAX_SERIAL_NO),
  address: ipv4,
  port: whole('端口', 1, 65535).default(60000),
  broadcast: z.enum(['T', 'F']).default('F'),
  timeoutMs: whole('超时时间', 100, 10_000, '毫秒').default(1000),
  retries: whole('重试次数', 0, 5, '次').default(1),
  openDelay: whole('开门延时', 1, 60, '秒').default(3),
  state: stateAS.default('A'),
  remark: remarkText('备注', 200).default(''),
};
export const controllerQuery = defineCall({
  method: 'GET',
  path: 'gate/controller/query',
  summary: '控制器分页查询',
  access: { permission: PERMISSIONS.gate.controller.list },
  query: listQuery.extend({ keyword: plainString('控制器').max(30).optional(), state: stateAS.optional() }),
  response: pageOf(controller),
});
export const controllerAll = defineCall({
  method: 'GET',
  path: 'gate/controller/all',
  summary: '全部控制器（选择用）',
  access: { anyOf: [PERMISSIONS.gate.controller.list, PERMISSIONS.gate.gate.list] },
  response: z.array(controller),
});
export const controllerAdd = defineCall({
  method: 'POST',
  path: 'gate/controller/add',
  summary: '新增控制器',
  access: { permission: PERMISSIONS.gate.controller.add },
  body: z.object(controllerFields),
  response: controller,
});
export const controllerEdit = defineCall({
  method: 'PUT',
  path: 'gate/controller/edit',
  summary: '修改控制器',
  access: { permission: PERMISSIONS.gate.controller.edit },
  body: z.object({ controllerId: id('控制器'), ...controllerFields }),
  response: controller,
});
const controllerBody = z.object({ controllerId: id('控制器') });
export const doorStatus = z.object({
  door: z.number(),
  /** 1 normally open, 2 normally closed, 3 controlled (the board's own codes). */
  control: z.number(),
  delay: z.number(),
  /** The door sensor: true when the door stands open. */
  open: z.boolean(),
});
export const controllerTest = defineCall({
  method: 'POST',
  path: 'gate/controller/test',
  summary: '测试控制器：读取状态、时间、各门控制方式与事件接收地址',
  access: { permission: PERMISSIONS.gate.controller.test },
  body: controllerBody,
  response: z.object({
    online: z.boolean(),
    /** Why it is not online (no answer within its timeout, a network error). */
    message: z.string(),
    elapsedMs: z.number(),
    controllerTime: z.string().nullable(),
    serverTime: z.string(),
    /** Controller clock minus server clock, in seconds. */
    driftSeconds: z.number().nullable(),
    doors: z.array(doorStatus),
    listener: z.string().nullable(),
    cards: z.number().nullable(),
    lastEvent: z.string().nullable(),
  }),
});
export const controllerSyncTime = defineCall({
  method: 'POST',
  path: 'gate/controller/syncTime',
  summary: '控制器校时：写入服务器当前时间（北京时间）',
  access: { permission: PERMISSIONS.gate.controller.test },
  body: controllerBody,
  response: z.object({ controllerTime: z.string() }),
});
export const controllerSyncCards = defineCall({
  method: 'POST',
  path: 'gate/controller/syncCards',
  summary: '重新下发控制器的全部会员卡权限（更换控制器或清空后）',
  access: { permission: PERMISSIONS.gate.controller.test },
  body: controllerBody,
  response: z.object({ queued: z.number() }),
});

// ---- Gates (闸机管理) ----
const door = z.number({ error: '请选择门' }).int().min(1, '门编号为1到4').max(4, '门编号为1到4');
export const gate = z.object({
  gateId: z.number(),
  gateName: z.string(),
  areaId: z.number(),
  areaName: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  controllerId: z.number(),
  controllerName: z.string(),
  serialNo: z.number(),
  inDoor: z.number().nullable(),
  outDoor: z.number().nullable(),
  usage: z.enum(['A', 'S']),
  isRemoteControl: z.enum(['T', 'F']),
  passMode: z.enum(PASS_MODES),
  readerType: z.enum(READER_TYPES),
  cardTypeIds: z.array(z.number()),
  cardTypeNames: z.array(z.string()),
  userCount: z.number(),
  sort: z.number(),
  remark: z.string(),
});
export type Gate = z.infer<typeof gate>;
export const gateFields = {
  gateName: text('闸机名称', 30),
  areaId: id('区域'),
  venueId: id('场馆'),
  controllerId: id('控制器'),
  inDoor: door.nullable().default(null),
  outDoor: door.nullable().default(null),
  usage: z.enum(['A', 'S'], { error: '使用状态只能是启用或停用' }).default('A'),
  isRemoteControl: z.enum(['T', 'F'], { error: '请选择是否支持远程控制' }).default('T'),
  passMode: z.enum(PASS_MODES, { error: '通行模式只能是 S 或 M' }).default('S'),
  readerType: z.enum(READER_TYPES, { error: '请选择读头类型' }).default('WG'),
  /** Card types whose valid cards are written to this gate's doors. */
  cardTypeIds: z.array(idNumber(), { error: '请选择卡类型' }).max(100).default([]),
  sort: z.number({ error: '请输入排序' }).int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(999),
  remark: remarkText('备注', 200).default(''),
};
export const gateQuery = defineCall({
  method: 'GET',
  path: 'gate/gate/query',
  summary: '闸机分页查询（我的场馆）',
  access: { permission: PERMISSIONS.gate.gate.list },
  query: listQuery.extend({
    gateName: plainString('闸机名称').max(30).optional(),
    areaId: id().optional(),
    venueId: id().optional(),
    controllerId: id().optional(),
    usage: stateAS.optional(),
  }),
  response: pageOf(gate),
});
export const gateAll = defineCall({
  method: 'GET',
  path: 'gate/gate/all',
  summary: '我的场馆的全部闸机（筛选用）',
  access: { anyOf: [PERMISSIONS.gate.gate.list, PERMISSIONS.gate.pass.list, PERMISSIONS.gate.command.list] },
  response: z.array(gate),
});
export const gateAdd = defineCall({
  method: 'POST',
  path: 'gate/gate/add',
  summary: '新增闸机',
  access: { permission: PERMISSIONS.gate.gate.add },
  body: z.object(gateFields),
  response: gate,
});
export const gateEdit = defineCall({
  method: 'PUT',
  path: 'gate/gate/edit',
  summary: '修改闸机',
  access: { permission: PERMISSIONS.gate.gate.edit },
  body: z.object({ gateId: id('闸机'), ...gateFields }),
  response: gate,
});
export const gateUser = z.object({ userId: z.number(), username: z.string(), realName: z.string(), granted: z.boolean() });
export const gateUsers = defineCall({
  method: 'GET',
  path: 'gate/gate/users',
  summary: '闸机的可见用户：租户的全部用户及是否已授权',
  access: { permission: PERMISSIONS.gate.gate.grant },
  query: z.object({ gateId: id('闸机') }),
  response: z.array(gateUser),
});
export const gateSetUsers = defineCall({
  method: 'PUT',
  path: 'gate/gate/setUsers',
  summary: '设置可见（可远程控制）该闸机的用户',
  access: { permission: PERMISSIONS.gate.gate.grant },
  body: z.object({ gateId: id('闸机'), userIds: z.array(idNumber(), { error: '请选择用户' }).max(500, '一次最多授权500个用户') }),
  response: z.object({ userCount: z.number() }),
});
