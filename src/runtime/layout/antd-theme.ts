import type { ThemeConfig } from 'antd';

/*
 * The antd themes the app draws with, in one place: the client's two ConfigProviders and the build, which
 * writes antd's styles for exactly these themes to a stylesheet (scripts/antd-static-styles.ts) — a token that
 * differs in any value would name other styles and miss it.
 */

/** 拂晓蓝, the primary colour until a user picks another in 系统风格. */
export const DEFAULT_PRIMARY = '#1890FF';

/** The whole app's theme; `motion` false for someone who asks for reduced motion (no animations to wait out). */
export const ROOT_THEME = (motion: boolean): ThemeConfig => ({ token: { colorPrimary: DEFAULT_PRIMARY, motion } });

/** The signed-in shell's theme, in the colour the user chose. */
export const shellTheme = (color: string): ThemeConfig => ({ token: { colorPrimary: color, colorLink: color } });
