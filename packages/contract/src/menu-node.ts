import { z } from 'zod';

/** A node of the menu tree in the shape of spec 2.3. */
export interface MenuNode {
  path: string;
  name?: string;
  component?: string;
  hidden: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  /** Absent on the Layout wrapper of a top-level menu without children (its one child carries it). */
  meta?: { title: string; icon?: string; noCache: boolean; link?: string };
  children?: MenuNode[];
}
/** Registered under a name: the API document refers to the recursive tree as one component. */
export const menuNode: z.ZodType<MenuNode> = z
  .lazy(() =>
    z.object({
      path: z.string(),
      name: z.string().optional(),
      component: z.string().optional(),
      hidden: z.boolean(),
      alwaysShow: z.boolean().optional(),
      redirect: z.string().optional(),
      meta: z.object({ title: z.string(), icon: z.string().optional(), noCache: z.boolean(), link: z.string().optional() }).optional(),
      children: z.array(menuNode).optional(),
    }),
  )
  .register(z.globalRegistry, { id: 'MenuNode' });
