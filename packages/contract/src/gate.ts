import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, plainString, remarkText, text } from './common/fields.ts';
import { GATE_TEXTS, PASS_DIRECTIONS } from './gate-codes.ts';

export * from './gate-codes.ts';
export * from './gate-admin.ts';
export * from './gate-records.ts';

/** A gate as the remote-control dialog shows it (spec 3 "Gate"); the two ticks start unticked. */
export const dialogGate = z.object({
  gateId: z.number(),
  gateName: z.string(),
  venueName: z.string(),
  /** T: the gate may be driven from here. */
  isRemoteControl: z.enum(['T', 'F']),
  usage: z.enum(['A', 'S']),
  /** Whether the gate has an in (enter) channel and an out (exit) channel wired. */
  hasIn: z.boolean(),
  hasOut: z.boolean(),
  openChecked: z.boolean(),
  closeChecked: z.boolean(),
});
export type DialogGate = z.infer<typeof dialogGate>;
/** Spec 3 "Gate area": areaId, areaName, gateList. */
export const gateArea = z.object({ areaId: z.number(), areaName: z.string(), gateList: z.array(dialogGate) });
export type GateArea = z.infer<typeof gateArea>;

export const getGateByUser = defineCall({
  method: 'GET',
  path: 'gate/gate/getGateByUser',
  summary: '当前用户可见的闸机，按区域分组（远程开闸）',
  access: { permission: PERMISSIONS.gate.gate.remoteControl },
  response: z.array(gateArea),
});

/** Spec 3 "Remote-control item". */
export const remoteControlItem = z.object({
  gateId: idNumber('闸机'),
  passDirection: z.enum(PASS_DIRECTIONS, { error: '通行方向只能是 I（进）或 O（出）' }),
  doorState: z.union([z.literal(0), z.literal(1), z.literal(3)], { error: '门状态只能是 0（开门）、1（常开）或 3（常闭）' }),
});
export type RemoteControlItem = z.infer<typeof remoteControlItem>;
export const remoteControlResult = z.object({
  gateId: z.number(),
  gateName: z.string(),
  passDirection: z.enum(PASS_DIRECTIONS),
  doorState: z.number(),
  success: z.boolean(),
  controllerName: z.string(),
  serialNo: z.number(),
  door: z.number(),
  /** The controller's answer, or why it did not act (no answer within its timeout, refused...). */
  message: z.string(),
});
export type RemoteControlResult = z.infer<typeof remoteControlResult>;
export const remoteControl = defineCall({
  method: 'POST',
  path: 'gate/gate/remoteControl',
  summary: '远程控制闸机：开门（0）、常开（1）、常闭（3），每个闸机的进（I）或出（O）通道；各控制器并行下发',
  access: { permission: PERMISSIONS.gate.gate.remoteControl },
  body: z.array(remoteControlItem, { error: GATE_TEXTS.chooseChannel }).min(1, GATE_TEXTS.chooseChannel).max(200, '一次最多控制200个通道'),
  response: z.object({ results: z.array(remoteControlResult), succeeded: z.number(), failed: z.number() }),
});

// ---- Areas (区域管理) ----
export const area = z.object({ areaId: z.number(), areaName: z.string(), sort: z.number(), remark: z.string(), gateCount: z.number() });
export type Area = z.infer<typeof area>;
export const areaFields = {
  areaName: text('区域名称', 30),
  sort: z.number({ error: '请输入排序' }).int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(999),
  remark: remarkText('备注', 200).default(''),
};
export const areaQuery = defineCall({
  method: 'GET',
  path: 'gate/area/query',
  summary: '区域分页查询',
  access: { permission: PERMISSIONS.gate.area.list },
  query: listQuery.extend({ areaName: plainString('区域名称').max(30).optional() }),
  response: pageOf(area),
});
export const areaAll = defineCall({
  method: 'GET',
  path: 'gate/area/all',
  summary: '全部区域（选择用）',
  access: { anyOf: [PERMISSIONS.gate.area.list, PERMISSIONS.gate.gate.list, PERMISSIONS.gate.pass.list, PERMISSIONS.gate.command.list] },
  response: z.array(area),
});
export const areaAdd = defineCall({
  method: 'POST',
  path: 'gate/area/add',
  summary: '新增区域',
  access: { permission: PERMISSIONS.gate.area.add },
  body: z.object(areaFields),
  response: area,
});
export const areaEdit = defineCall({
  method: 'PUT',
  path: 'gate/area/edit',
  summary: '修改区域',
  access: { permission: PERMISSIONS.gate.area.edit },
  body: z.object({ areaId: id('区域'), ...areaFields }),
  response: area,
});
export const areaDelete = defineCall({
  method: 'DELETE',
  path: 'gate/area/delete/{id}',
  summary: '删除区域（区域内没有闸机时）',
  access: { permission: PERMISSIONS.gate.area.del },
  params: z.object({ id: id() }),
  response: z.null(),
});
