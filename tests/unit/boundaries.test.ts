import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layers of .dependency-cruiser.cjs, enforced on the code, and proven able to fail: the fixture breaks
 * each rule once and must give exactly those violations.
 */
const root = join(import.meta.dirname, '..', '..');
const config = join(root, '.dependency-cruiser.cjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(cwd: string, paths: string[]): Violation[] {
  const run = spawnSync(join(root, 'node_modules', '.bin', 'depcruise'), [...paths, '--config', config, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise gave no output: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** 'rule: from → to', packages named from their node_modules folder wherever that lies. */
const described = (violations: Violation[]) =>
  violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^(\.\.\/)+node_modules\//, 'node_modules/')}`);

describe('layer boundaries', () => {
  it('the code breaks none: core pure, runtime below widgets below pages, only providers call HTTP, server on the core only, routes HTTP only, no import circle', () => {
    expect(described(cruise(root, ['src', 'server', 'scripts']))).toEqual([]);
  }, 120_000);

  it('each rule fails on the fixture that breaks it; a circle closed by import type, and a provider calling the HTTP client, are allowed', () => {
    const found = described(cruise(join(root, 'tests', 'fixtures', 'boundaries'), ['src', 'server'])).sort();
    expect(found).toEqual(
      [
        'client-not-server: src/runtime/uses-server.ts → server/route.ts',
        'core-is-pure: src/core/uses-runtime.ts → src/runtime/thing.ts',
        'core-is-pure: src/core/uses-react.ts → node_modules/react/index.js',
        'no-circular: src/runtime/circle-a.ts → src/runtime/circle-b.ts',
        'only-providers-call-http: src/pages/calls-http.ts → src/runtime/http/client.ts',
        'runtime-not-up: src/runtime/thing.ts → src/widgets/widget.ts',
        'requests-not-seed: server/routes/handler.ts → server/db/seed.ts',
        'server-imports-only-core: server/route.ts → src/runtime/thing.ts',
        'services-not-routes: server/services/uses-route.ts → server/routes/handler.ts',
        'widgets-not-up: src/widgets/widget.ts → src/pages/page.ts',
      ].sort(),
    );
  }, 120_000);
});
