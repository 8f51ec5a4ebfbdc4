import type { AuditService } from '../audit/index.ts';
import { GATE_MENUS } from './gate.menus.ts';
import { defineModule } from '../module.ts';
import type { VenueService } from '../venue/index.ts';
import { AreaRepository } from './area.repository.ts';
import { AreaService } from './area.service.ts';
import { CardAccessRepository } from './card-access.repository.ts';
import { CardAccessService } from './card-access.service.ts';
import { CommandLogService } from './command-log.service.ts';
import { CommandRepository } from './command.repository.ts';
import { ControllerRepository } from './controller.repository.ts';
import { ControllerService } from './controller.service.ts';
import { UhppotedDriver } from './driver/uhppoted.driver.ts';
import { EventEndpoint } from './event-endpoint.ts';
import { EventIntake } from './event-intake.ts';
import { gateRoutes } from './gate.routes.ts';
import type { GateServices } from './gate.services.ts';
import { GateRepository } from './gate.repository.ts';
import { GateService } from './gate.service.ts';
import { PassRepository } from './pass.repository.ts';
import { PassService } from './pass.service.ts';
import { RemoteControlService } from './remote-control.service.ts';

export type { GateServices };
export type { CardAccessService as GateAccess };
export type { TimedGrants } from './card-access.service.ts';
export { gateRuntime, type GateRuntimeOptions } from './gate-runtime.ts';

/**
 * Gate access of member cards (which card records each controller holds), listed before the member-card
 * module so that it can call gateAccess.syncCards when cards change.
 */
export const gateAccessModule = defineModule({
  key: 'gateAccess',
  services: ({ db, clock }) => new CardAccessService(new CardAccessRepository(db.kysely), new UhppotedDriver(), clock),
});

/** Gates: areas, controllers, gates and their users, remote control, the command log and the pass records. */
export const gateModule = defineModule({
  key: 'gates',
  services: ({ db, clock }, { audit, venues, gateAccess }: { audit: AuditService; venues: VenueService; gateAccess: CardAccessService }): GateServices => {
    const k = db.kysely;
    const driver = gateAccess.driver;
    const endpoint = new EventEndpoint();
    const areas = new AreaService(new AreaRepository(k), clock, audit);
    const controllers = new ControllerService(new ControllerRepository(k), driver, gateAccess, endpoint, clock, audit);
    const commands = new CommandRepository(k);
    const passes = new PassService(new PassRepository(k), venues, clock);
    return {
      areas,
      controllers,
      gates: new GateService(new GateRepository(k), areas, controllers, venues, gateAccess, clock, audit),
      remote: new RemoteControlService(commands, driver, clock),
      commands: new CommandLogService(commands),
      passes,
      events: new EventIntake(driver, passes, clock),
      access: gateAccess,
      driver,
      endpoint,
    };
  },
  routes: (app, guard, gates) => gateRoutes(app, guard, gates),
  menus: [{ sidebar: 2.5, menu: GATE_MENUS }],
});
