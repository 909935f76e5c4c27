import { theme } from 'antd';
import type { Plugin } from 'vite';
import { kitProperties } from '../src/pages/user/login-kit/tokens.ts';
import { ROOT_THEME } from '../src/runtime/layout/antd-theme.ts';
import { REDUCED_MOTION_QUERY } from '../src/runtime/layout/motion.ts';

/** What the login area imports for its tokens; this plugin answers it in the dev server, the build, Storybook and Vitest. */
export const KIT_TOKENS_ID = 'virtual:login-kit-tokens.css';
const RESOLVED = `\0${KIT_TOKENS_ID}`;

const declarations = (props: Record<string, string>) =>
  Object.entries(props)
    .map(([name, value]) => `${name}:${value.replace(/\s+/g, ' ')}`)
    .join(';');

/**
 * The login kit's custom properties (src/pages/user/login-kit/tokens.ts) under the root theme, and under its still
 * variant for someone who asks for reduced motion: only what differs is repeated in the media query.
 */
export function kitTokensCss(): string {
  const moving = kitProperties(theme.getDesignToken(ROOT_THEME(true)));
  const still = kitProperties(theme.getDesignToken(ROOT_THEME(false)));
  const changed = Object.fromEntries(Object.entries(still).filter(([name, value]) => moving[name as keyof typeof moving] !== value));
  const rule = (props: Record<string, string>) => `.user-layout{${declarations(props)}}`;
  return `${rule(moving)}\n${Object.keys(changed).length ? `@media ${REDUCED_MOTION_QUERY}{${rule(changed)}}\n` : ''}`;
}

export function loginKitTokens(): Plugin {
  return {
    name: 'login-kit-tokens',
    resolveId: (id) => (id === KIT_TOKENS_ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? kitTokensCss() : null),
  };
}
