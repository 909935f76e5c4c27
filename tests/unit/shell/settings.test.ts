import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, normalize, setSetting, settings, THEME_COLORS } from '../../../src/runtime/layout/settings.ts';
import { deviceOf } from '../../../src/runtime/layout/device.ts';
import { KEYS, local } from '../../../src/runtime/storage.ts';

/* Settings drawer rules of spec sections 3, 4 and 9 (local storage is the in-memory fallback under node). */

beforeEach(() => {
  for (const key of Object.values(KEYS)) local.remove(key);
  Object.assign(settings, DEFAULT_SETTINGS);
});

describe('layout settings', () => {
  it('defaults: #1890FF, side menu, Fixed width, multi-tab on, dark side menu, nothing fixed', () => {
    expect(loadSettings()).toEqual({ ...DEFAULT_SETTINGS });
    expect(DEFAULT_SETTINGS).toMatchObject({ color: '#1890FF', layout: 'sidemenu', contentWidth: 'Fixed', multipage: true, theme: 'dark', fixedHeader: false });
  });

  it('offers the 8 preset colours of section 9', () => {
    expect(THEME_COLORS.map((c) => c.color)).toEqual(['#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#1890FF', '#2F54EB', '#722ED1']);
  });

  it('stores each change under its own key and reads it back', () => {
    setSetting('theme', 'light');
    setSetting('color', '#722ED1');
    setSetting('weak', true);
    setSetting('multipage', false);
    expect(local.get(KEYS.DEFAULT_THEME)).toBe('light');
    expect(local.get(KEYS.DEFAULT_COLOR)).toBe('#722ED1');
    expect(local.get(KEYS.DEFAULT_COLOR_WEAK)).toBe(true);
    expect(local.get(KEYS.DEFAULT_MULTI_PAGE)).toBe(false);
    expect(loadSettings()).toMatchObject({ theme: 'light', color: '#722ED1', weak: true, multipage: false });
  });

  it('turning the fixed header off turns auto-hide off; auto-hide alone is not kept', () => {
    setSetting('fixedHeader', true);
    setSetting('autoHideHeader', true);
    expect(settings).toMatchObject({ fixedHeader: true, autoHideHeader: true });
    setSetting('fixedHeader', false);
    expect(settings.autoHideHeader).toBe(false);
    expect(local.get(KEYS.DEFAULT_FIXED_HEADER_HIDDEN)).toBe(false);
    setSetting('autoHideHeader', true);
    expect(settings.autoHideHeader).toBe(false);
  });

  it('switching the navigation mode turns the fixed side menu off; top-menu mode refuses it', () => {
    setSetting('fixSiderbar', true);
    expect(settings.fixSiderbar).toBe(true);
    setSetting('layout', 'topmenu');
    expect(settings.fixSiderbar).toBe(false);
    setSetting('fixSiderbar', true);
    expect(settings.fixSiderbar).toBe(false);
    setSetting('layout', 'sidemenu');
    setSetting('fixSiderbar', true);
    setSetting('layout', 'sidemenu');
    expect(settings.fixSiderbar).toBe(true);
  });

  it('Fluid width only in top-menu mode; back to side menu means Fixed', () => {
    setSetting('contentWidth', 'Fluid');
    expect(settings.contentWidth).toBe('Fixed');
    setSetting('layout', 'topmenu');
    setSetting('contentWidth', 'Fluid');
    expect(settings.contentWidth).toBe('Fluid');
    setSetting('layout', 'sidemenu');
    expect(settings.contentWidth).toBe('Fixed');
  });

  it('ignores stored values a setting cannot take, and values a setter cannot take', () => {
    local.set(KEYS.DEFAULT_THEME, 'purple');
    local.set(KEYS.DEFAULT_COLOR, 'red; background: url(x)');
    local.set(KEYS.DEFAULT_FIXED_HEADER, 'yes');
    expect(loadSettings()).toMatchObject({ theme: 'dark', color: '#1890FF', fixedHeader: false });
    setSetting('color', 'javascript:alert(1)');
    expect(settings.color).toBe('#1890FF');
    // A stored combination that breaks a rule is repaired on load.
    expect(normalize({ ...DEFAULT_SETTINGS, fixedHeader: false, autoHideHeader: true, layout: 'topmenu', fixSiderbar: true })).toMatchObject({
      autoHideHeader: false,
      fixSiderbar: false,
    });
  });

  it('toggling the side menu stores it', () => {
    setSetting('sidebarOpened', false);
    expect(local.get(KEYS.SIDEBAR_TYPE)).toBe(false);
  });
});

describe('device breakpoints (section 9)', () => {
  it('up to 1087.99 px is mobile, wider is desktop', () => {
    expect(deviceOf(375)).toBe('mobile');
    expect(deviceOf(767)).toBe('mobile');
    expect(deviceOf(1087)).toBe('mobile');
    expect(deviceOf(1088)).toBe('desktop');
    expect(deviceOf(1366)).toBe('desktop');
  });
});
