import type { FastifyInstance } from 'fastify';
import type { Permission, ScreenKey } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import type { Clock } from '../lib/clock.ts';
import type { Guard } from '../plugins/route.ts';
import type { ChannelAdapters, ChannelOptions } from './payment/channel-registry.ts';

/** A menu entry as a capability declares it; `roles` lists the role codes (besides admin) that get it. */
export interface MenuSeed {
  title: string;
  path: string;
  icon?: string;
  component?: ScreenKey;
  permission?: Permission;
  hidden?: boolean;
  noCache?: boolean;
  external?: boolean;
  roles?: string[];
  /** Buttons under a screen: [title, permission, roles]. */
  buttons?: [string, Permission, string[]?][];
  children?: MenuSeed[];
}

/**
 * Where a module's menu goes: a top-level entry (a group, or a hidden screen) at its place in the
 * sidebar, or an entry added at the end of a group another module declares (named by its path).
 */
export type MenuPlacement = { sidebar: number; menu: MenuSeed } | { group: string; menu: MenuSeed };

/** What every module's service factory may use besides other modules' services. */
export interface SharedDeps {
  db: Db;
  clock: Clock;
  /** Where uploaded pictures are kept. */
  uploadsDir: string;
  /** Real scan-code payment channels by pay mode; the simulator serves the others. */
  channelAdapters: ChannelAdapters;
  /** How the live payment channels talk (tests shorten the waits, trust a stand-in's certificate). */
  channelOptions?: ChannelOptions;
}

/** A new tenant being seeded, inside the seeding transaction. */
export interface SeedContext {
  db: Kysely<Database>;
  tenantId: number;
  tenantCode: string;
  /** The tenant's venues by name. */
  venueIds: Map<string, number>;
  /** The tenant's first user (its admin), who made the demo history. */
  firstUserId: number;
  nowIso: string;
}

/**
 * A feature as the server sees it: its services (built from shared deps and the services of the
 * modules it `needs`), its routes, its menus and its seed.
 */
export interface ServerModule<Key extends string, Needs, S> {
  /** Where its services sit in `Services` (e.g. `goods`, `memberCards`). */
  key: Key;
  services: (deps: SharedDeps, needs: Needs) => S;
  routes?: (app: FastifyInstance, guard: Guard, services: S, needs: Needs) => void;
  menus?: MenuPlacement[];
  /** Rows every new tenant starts with (code tables). */
  seed?: (ctx: SeedContext) => Promise<void>;
}

/** Declares a module, keeping its key as a literal type. */
export const defineModule = <const Key extends string, Needs, S>(module: ServerModule<Key, Needs, S>) => module;

// The list erases each module's own types; `add` checked them when the module went in.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- needs and services of every module, erased
type AnyModule = ServerModule<string, any, any>;

/**
 * The modules in start-up order. `add` takes a module only when every service it needs is already in
 * the list (otherwise the compiler names the missing one), and adds its services under its key.
 */
export class ModuleList<All extends object> {
  private constructor(readonly modules: readonly AnyModule[]) {}

  static empty(): ModuleList<Record<never, never>> {
    return new ModuleList<Record<never, never>>([]);
  }

  add<const Key extends string, S>(module: ServerModule<Key, All, S>): ModuleList<All & { [K in Key]: S }> {
    if (this.modules.some((m) => m.key === module.key)) throw new Error(`module "${module.key}" is listed twice`);
    return new ModuleList([...this.modules, module]);
  }

  createServices(deps: SharedDeps): All {
    const services: Record<string, unknown> = {};
    for (const module of this.modules) services[module.key] = module.services(deps, services);
    return services as All;
  }

  registerRoutes(app: FastifyInstance, guard: Guard, services: All): void {
    const byKey = services as Record<string, unknown>;
    for (const module of this.modules) module.routes?.(app, guard, byKey[module.key], services);
  }
}
