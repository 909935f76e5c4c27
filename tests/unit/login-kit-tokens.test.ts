import { describe, expect, it } from 'vitest';
import { kitTokensCss } from '../../build/login-kit-tokens.ts';
import { DEFAULT_PRIMARY } from '../../src/runtime/layout/antd-theme.ts';

const props = (block: string) => Object.fromEntries([...block.matchAll(/(--lk-[\w-]+):([^;}]*)/g)].map(([, name, value]) => [name, value]));

describe("the login kit's token sheet", () => {
  const css = kitTokensCss();
  const [moving, still = ''] = css.split('@media');

  it("gives the login area antd's tokens of the root theme", () => {
    const p = props(moving);
    expect(p['--lk-primary']).toBe(DEFAULT_PRIMARY.toLowerCase());
    expect(p['--lk-height-lg']).toBe('40px');
    expect(p['--lk-duration']).toBe('0.2s');
    expect(Object.keys(p).length).toBeGreaterThan(30);
    // Each declaration on one line: antd's font stack spans several.
    expect(moving.trim()).not.toContain('\n');
  });

  it('repeats under the reduced-motion query only what differs: no transitions', () => {
    expect(still).toMatch(/^ \(prefers-reduced-motion: reduce\)\{\.user-layout\{/);
    expect(props(still)).toEqual({ '--lk-duration': '0s' });
  });
});
