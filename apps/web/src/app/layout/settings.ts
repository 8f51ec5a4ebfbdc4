import { create } from 'zustand';
import { useSession } from '@/lib/session';
import { readLocal, writeLocal } from '@/lib/storage';

export type UiSize = 'default' | 'medium' | 'small' | 'mini';
export const UI_SIZES: { value: UiSize; label: string }[] = [
  { value: 'default', label: '默认' },
  { value: 'medium', label: '中' },
  { value: 'small', label: '小' },
  { value: 'mini', label: '迷你' },
];
/** antd has three sizes; mini is small with a smaller font. */
export const antdSize = (size: UiSize) => (size === 'default' ? 'large' : size === 'medium' ? 'middle' : 'small');
export const fontSizeOf = (size: UiSize) => ({ default: 16, medium: 15, small: 14, mini: 12 })[size];

export const PREDEFINED_THEMES = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

export interface LayoutSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  uniqueOpened: boolean;
  showFooter: boolean;
  footerTxt: string;
  caseNumber: string;
}
/** Spec 9 defaults: theme #409EFF, size small, logo on, tags on, fixed header on, footer empty. */
export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: '#409EFF',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
  showFooter: false,
  footerTxt: '',
  caseNumber: '',
};

const SETTINGS_KEY = 'layoutSettings';
const SIZE_KEY = 'size';
const SIDEBAR_KEY = 'sidebarStatus';
export const MOBILE_WIDTH = 992;

interface LayoutState extends LayoutSettings {
  size: UiSize;
  sidebarOpened: boolean;
  /** Whether the sidebar animates when it toggles (off when forced open on navigation). */
  withoutAnimation: boolean;
  device: 'desktop' | 'mobile';
  change(patch: Partial<LayoutSettings>): void;
  /** The tenant's global settings: its footer text and case number. */
  mergeServer(server: Record<string, string>): void;
  setSize(size: UiSize): void;
  toggleSidebar(): void;
  openSidebar(withoutAnimation: boolean): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: 'desktop' | 'mobile'): void;
}

const saved = () => readLocal<Partial<LayoutSettings>>(SETTINGS_KEY, {});
const persist = (s: LayoutSettings) => writeLocal(SETTINGS_KEY, s);
const pick = (s: LayoutState): LayoutSettings => ({
  theme: s.theme,
  tagsView: s.tagsView,
  fixedHeader: s.fixedHeader,
  sidebarLogo: s.sidebarLogo,
  uniqueOpened: s.uniqueOpened,
  showFooter: s.showFooter,
  footerTxt: s.footerTxt,
  caseNumber: s.caseNumber,
});
const storedSidebar = () => localStorage.getItem(SIDEBAR_KEY);

/**
 * Whether `patch` changes anything: every navigation and the tenant's settings set the sidebar and the
 * footer again, and an unchanged set would render the whole frame (and, before it was memoised, the page) again.
 */
const changes = <T extends object>(state: T, patch: Partial<T>) => (Object.keys(patch) as (keyof T)[]).some((key) => state[key] !== patch[key]);

export const useLayout = create<LayoutState>((set, get) => ({
  ...DEFAULT_SETTINGS,
  ...saved(),
  size: (localStorage.getItem(SIZE_KEY) as UiSize | null) ?? 'small',
  // Spec 4: stored as 1/0; open when nothing is stored.
  sidebarOpened: storedSidebar() === null ? true : storedSidebar() === '1',
  withoutAnimation: false,
  device: document.body.clientWidth < MOBILE_WIDTH ? 'mobile' : 'desktop',
  change(patch) {
    set(patch);
    persist(pick(get()));
  },
  mergeServer(server) {
    // The footer is the tenant's (租户信息), not a choice in this drawer: what the server says wins.
    const patch: Partial<LayoutSettings> = {};
    if (server.showFooter !== undefined) patch.showFooter = server.showFooter === 'true';
    if (server.footerTxt !== undefined) patch.footerTxt = server.footerTxt;
    if (server.caseNumber !== undefined) patch.caseNumber = server.caseNumber;
    if (changes(get(), patch)) set(patch);
  },
  setSize(size) {
    localStorage.setItem(SIZE_KEY, size);
    set({ size });
  },
  toggleSidebar() {
    const opened = !get().sidebarOpened;
    localStorage.setItem(SIDEBAR_KEY, opened ? '1' : '0');
    set({ sidebarOpened: opened, withoutAnimation: false });
  },
  openSidebar(withoutAnimation) {
    localStorage.setItem(SIDEBAR_KEY, '1');
    if (changes(get(), { sidebarOpened: true, withoutAnimation })) set({ sidebarOpened: true, withoutAnimation });
  },
  closeSidebar(withoutAnimation) {
    localStorage.setItem(SIDEBAR_KEY, '0');
    if (changes(get(), { sidebarOpened: false, withoutAnimation })) set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice(device) {
    if (get().device !== device) set({ device });
  },
}));

// The session loads the tenant's global settings; they fill in what the user has not chosen.
useSession.subscribe((state, previous) => {
  if (state.globalSettings && state.globalSettings !== previous.globalSettings) useLayout.getState().mergeServer(state.globalSettings);
});
