import { proxy } from 'valtio';
import { KEYS, local } from '../storage.ts';
import { DEFAULT_PRIMARY } from './antd-theme.ts';

/*
 * Layout settings (spec section 3, "Layout settings"; section 4, "Layout"): each one is kept in local
 * storage under its own key, and a change goes through setSetting so the dependent switches follow:
 * switching the navigation mode turns the fixed side menu off, turning the fixed header off turns
 * auto-hide off, and Fluid width exists only in top-menu mode.
 */

export const THEME_COLORS = [
  { color: '#F5222D', name: '薄暮' },
  { color: '#FA541C', name: '火山' },
  { color: '#FAAD14', name: '日暮' },
  { color: '#13C2C2', name: '明青' },
  { color: '#52C41A', name: '极光绿' },
  { color: '#1890FF', name: '拂晓蓝（默认）' },
  { color: '#2F54EB', name: '极客蓝' },
  { color: '#722ED1', name: '酱紫' },
] as const;

export type MenuTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface LayoutSettings {
  theme: MenuTheme;
  color: string;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  weak: boolean;
  multipage: boolean;
  /** The desktop side menu is open (not collapsed). */
  sidebarOpened: boolean;
}

// The spec's section 3 says "light theme" but section 2 and the issue make dark the side menu's default.
export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: 'dark',
  color: DEFAULT_PRIMARY,
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  weak: false,
  multipage: true,
  sidebarOpened: true,
};

const STORAGE_KEY: Record<keyof LayoutSettings, string> = {
  theme: KEYS.DEFAULT_THEME,
  color: KEYS.DEFAULT_COLOR,
  layout: KEYS.DEFAULT_LAYOUT_MODE,
  contentWidth: KEYS.DEFAULT_CONTENT_WIDTH_TYPE,
  fixedHeader: KEYS.DEFAULT_FIXED_HEADER,
  autoHideHeader: KEYS.DEFAULT_FIXED_HEADER_HIDDEN,
  fixSiderbar: KEYS.DEFAULT_FIXED_SIDEMENU,
  weak: KEYS.DEFAULT_COLOR_WEAK,
  multipage: KEYS.DEFAULT_MULTI_PAGE,
  sidebarOpened: KEYS.SIDEBAR_TYPE,
};

const VALID: { [K in keyof LayoutSettings]: (v: unknown) => boolean } = {
  theme: (v) => v === 'dark' || v === 'light',
  color: (v) => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v),
  layout: (v) => v === 'sidemenu' || v === 'topmenu',
  contentWidth: (v) => v === 'Fixed' || v === 'Fluid',
  fixedHeader: (v) => typeof v === 'boolean',
  autoHideHeader: (v) => typeof v === 'boolean',
  fixSiderbar: (v) => typeof v === 'boolean',
  weak: (v) => typeof v === 'boolean',
  multipage: (v) => typeof v === 'boolean',
  sidebarOpened: (v) => typeof v === 'boolean',
};

const keys = Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[];

/** The dependent switches of section 4 applied to a whole settings object. */
export function normalize(s: LayoutSettings): LayoutSettings {
  const out = { ...s };
  if (!out.fixedHeader) out.autoHideHeader = false;
  if (out.layout === 'topmenu') out.fixSiderbar = false;
  if (out.layout === 'sidemenu') out.contentWidth = 'Fixed';
  return out;
}

/** Stored settings, each falling back to its default when missing or not a value it can take. */
export function loadSettings(): LayoutSettings {
  const loaded = { ...DEFAULT_SETTINGS } as Record<keyof LayoutSettings, unknown>;
  for (const key of keys) {
    const stored = local.get<unknown>(STORAGE_KEY[key]);
    if (VALID[key](stored)) loaded[key] = stored;
  }
  return normalize(loaded as LayoutSettings);
}

export const settings = proxy<LayoutSettings>(loadSettings());

function persist(next: LayoutSettings) {
  for (const key of keys) {
    if (settings[key] === next[key]) continue;
    (settings as unknown as Record<string, unknown>)[key] = next[key];
    local.set(STORAGE_KEY[key], next[key]);
  }
}

/** Changes one setting and whatever depends on it; a value the setting cannot take is ignored. */
export function setSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void {
  if (!VALID[key](value)) return;
  // A fixed side menu makes no sense without a side menu: the switch is disabled in top-menu mode.
  if (key === 'fixSiderbar' && value && settings.layout === 'topmenu') return;
  // Fluid width is offered in top-menu mode only.
  if (key === 'contentWidth' && value === 'Fluid' && settings.layout !== 'topmenu') return;
  const next = { ...settings, [key]: value } as LayoutSettings;
  if (key === 'layout' && value !== settings.layout) next.fixSiderbar = false;
  persist(normalize(next));
}

export const toggleSidebar = () => setSetting('sidebarOpened', !settings.sidebarOpened);
