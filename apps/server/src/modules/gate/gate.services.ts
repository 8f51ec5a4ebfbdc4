import type { AreaService } from './area.service.ts';
import type { CardAccessService } from './card-access.service.ts';
import type { CommandLogService } from './command-log.service.ts';
import type { ControllerService } from './controller.service.ts';
import type { GateDriver } from './driver/gate-driver.ts';
import type { EventEndpoint } from './event-endpoint.ts';
import type { EventIntake } from './event-intake.ts';
import type { GateService } from './gate.service.ts';
import type { PassService } from './pass.service.ts';
import type { RemoteControlService } from './remote-control.service.ts';

/** The gate module's services: what its routes, its runtime and other modules (card access) use. */
export interface GateServices {
  areas: AreaService;
  controllers: ControllerService;
  gates: GateService;
  remote: RemoteControlService;
  commands: CommandLogService;
  passes: PassService;
  /** The controllers' events as they arrive: checked, recorded or dropped, counted. */
  events: EventIntake;
  /** Member cards on the controllers: the member-card module calls access.syncCards when cards change. */
  access: CardAccessService;
  driver: GateDriver;
  endpoint: EventEndpoint;
}
