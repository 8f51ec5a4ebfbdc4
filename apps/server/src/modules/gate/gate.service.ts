import { Code, type BodyOut, type gate, type QueryOut } from '@venue/contract';
import { GATE_DOOR_RULES, type Gate } from '@venue/contract/gate';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, BizError, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { VenueService } from '../venue/index.ts';
import type { AreaService } from './area.service.ts';
import type { CardAccessService } from './card-access.service.ts';
import type { ControllerService } from './controller.service.ts';
import type { GateFilter, GateRepository } from './gate.repository.ts';

type Fields = BodyOut<typeof gate.gateAdd>;
type Listed = Awaited<ReturnType<GateRepository['list']>>[number];
export const GATE_MISSING = '闸机不存在';

/** 闸机管理: gates (a lane with an in and an out door of a controller), their card types and their users. */
export class GateService {
  constructor(
    private readonly repo: GateRepository,
    private readonly areas: AreaService,
    private readonly controllers: ControllerService,
    private readonly venues: VenueService,
    private readonly access: CardAccessService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  private async withCardTypes(tenantId: number, rows: Listed[]): Promise<Gate[]> {
    const types = await this.repo.cardTypes(
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const mine = types.filter((t) => t.gate_id === r.id);
      return {
        gateId: r.id,
        gateName: r.name,
        areaId: r.area_id,
        areaName: r.area_name,
        venueId: r.venue_id,
        venueName: r.venue_name,
        controllerId: r.controller_id,
        controllerName: r.controller_name,
        serialNo: Number(r.serial_no),
        inDoor: r.in_door,
        outDoor: r.out_door,
        usage: r.usage,
        isRemoteControl: r.is_remote_control,
        passMode: r.pass_mode,
        readerType: r.reader_type as Gate['readerType'],
        cardTypeIds: mine.map((t) => t.id),
        cardTypeNames: mine.map((t) => t.name),
        userCount: Number(r.user_count ?? 0),
        sort: r.sort,
        remark: r.remark,
      };
    });
  }

  async page(s: UserSession, q: QueryOut<typeof gate.gateQuery>) {
    assertVenue(s, q.venueId);
    const filter: GateFilter = {
      name: q.gateName || undefined,
      areaId: q.areaId,
      venueId: q.venueId,
      controllerId: q.controllerId,
      usage: q.usage,
      within: inUserVenues(s, 'g.venue_id'),
    };
    const { total, records } = await this.repo.page(s.tenantId, filter, pageWindow(q));
    return { total, records: await this.withCardTypes(s.tenantId, records) };
  }

  async all(s: UserSession) {
    return this.withCardTypes(s.tenantId, await this.repo.list(s.tenantId, { within: inUserVenues(s, 'g.venue_id') }));
  }

  async get(s: UserSession, id: number): Promise<Gate> {
    const row = await this.repo.find(s.tenantId, id, inUserVenues(s, 'g.venue_id'));
    if (!row) throw notFound(GATE_MISSING);
    return (await this.withCardTypes(s.tenantId, [row]))[0];
  }

  async save(s: UserSession, id: number | null, b: Fields) {
    const before = id === null ? null : await this.get(s, id);
    if (b.inDoor === null && b.outDoor === null) throw refuse(GATE_DOOR_RULES.noChannel);
    if (b.inDoor !== null && b.inDoor === b.outDoor) throw refuse(GATE_DOOR_RULES.sameDoor);
    assertVenue(s, b.venueId);
    if (!(await this.venues.allOfTenant(s.tenantId, [b.venueId]))) throw new BizError(Code.NOT_EXISTENT, '所选场馆不存在');
    await this.areas.get(s.tenantId, b.areaId);
    const controller = await this.controllers.get(s.tenantId, b.controllerId);
    for (const door of [b.inDoor, b.outDoor]) {
      if (door === null) continue;
      const user = await this.repo.doorUser(s.tenantId, b.controllerId, door, id);
      if (user) throw refuse(`控制器「${controller.controllerName}」的 ${door} 号门已由闸机「${user.name}」使用`);
    }
    const cardTypeIds = [...new Set(b.cardTypeIds)];
    if ((await this.repo.countCardTypesOfTenant(s.tenantId, cardTypeIds)) !== cardTypeIds.length) throw new BizError(Code.NOT_EXISTENT, '所选卡类型不存在');
    const values = {
      name: b.gateName,
      area_id: b.areaId,
      venue_id: b.venueId,
      controller_id: b.controllerId,
      in_door: b.inDoor,
      out_door: b.outDoor,
      usage: b.usage,
      is_remote_control: b.isRemoteControl,
      pass_mode: b.passMode,
      reader_type: b.readerType,
      sort: b.sort,
      remark: b.remark ?? '',
    };
    let saved: number;
    try {
      saved = await this.repo.save(s.tenantId, id, values, cardTypeIds, iso(this.clock.now()));
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`闸机「${b.gateName}」已存在`);
      throw error;
    }
    // The cards on the boards follow the gate's doors, card types and use.
    for (const controllerId of new Set([b.controllerId, before?.controllerId].filter((c): c is number => !!c)))
      await this.access.syncController(s.tenantId, controllerId);
    const after = await this.get(s, saved);
    await this.audit.recordNow(s, { action: before ? 'gate.edit' : 'gate.add', target: `闸机 ${after.gateName}`, venueId: after.venueId, before, after });
    return after;
  }

  async users(s: UserSession, gateId: number) {
    await this.get(s, gateId);
    return (await this.repo.users(s.tenantId, gateId)).map((u) => ({ userId: u.id, username: u.username, realName: u.real_name, granted: u.gate_id !== null }));
  }

  async setUsers(s: UserSession, gateId: number, userIds: number[]) {
    const found = await this.get(s, gateId);
    const ids = [...new Set(userIds)];
    if ((await this.repo.countUsersOfTenant(s.tenantId, ids)) !== ids.length) throw new BizError(Code.NOT_EXISTENT, '所选用户不存在');
    const before = (await this.repo.users(s.tenantId, gateId)).filter((u) => u.gate_id !== null).map((u) => u.id);
    await this.repo.setUsers(s.tenantId, gateId, ids);
    await this.audit.recordNow(s, {
      action: 'gate.users',
      target: `闸机 ${found.gateName}`,
      venueId: found.venueId,
      before: { userIds: before },
      after: { userIds: ids },
    });
    return { userCount: ids.length };
  }
}
