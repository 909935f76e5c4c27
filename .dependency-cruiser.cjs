/*
 * The layers, enforced: tests/unit/boundaries.test.ts (part of `npm test`) cruises the code and expects
 * no violation, and cruises a fixture (tests/fixtures/boundaries) that breaks each rule once, to prove the
 * rules catch what they say. Run it alone with `npx depcruise src server scripts`.
 *
 *   src/core  ←  src/runtime  ←  src/widgets  ←  src/designer, src/pages, src/App.tsx
 *       ↑
 *   server (imports nothing from src/ but the core; routes are HTTP only, no other part of the server
 *           imports one; nothing on the request path imports the seed)
 *
 * The runtime reaches widgets through the kit it is handed at start-up (src/runtime/widgets/kit.ts;
 * src/widgets/install.ts hands it over); it never imports one. No import circle anywhere.
 *
 * Across every client layer, components, hooks and pages call typed data providers — an api.ts (or
 * *-api.ts) in the folder that owns the data, or a provider.ts — and only providers import the HTTP
 * client (src/runtime/http/client.ts).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle makes every change in it a change to all of it, and the module loaded second sees the first half-made. ' +
        'A circle closed only by `import type` is erased at compile time and is not one.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'src/core is shared by client and server: its own files, the meta-schemas, ajv and dayjs; no UI library, no other layer, no server.',
      from: { path: '^src/core/' },
      to: { pathNot: ['^src/core/', '^schemas/_meta/', '(^|/)node_modules/(ajv|dayjs)/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'runtime-not-up',
      severity: 'error',
      comment: 'The runtime gets widgets through the registry, never by importing one; it knows no page or designer.',
      from: { path: '^src/runtime/' },
      to: { path: '^src/(widgets|designer|pages)/|^src/App\\.tsx$' },
    },
    {
      name: 'widgets-not-up',
      severity: 'error',
      comment: 'A widget is used by the designer and the pages, not the other way round.',
      from: { path: '^src/widgets/' },
      to: { path: '^src/(designer|pages)/|^src/App\\.tsx$' },
    },
    {
      name: 'server-imports-only-core',
      severity: 'error',
      comment: 'The server shares types and rules with the client through src/core only.',
      from: { path: '^(server|scripts)/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'services-not-routes',
      severity: 'error',
      comment: 'Routes are HTTP only (parse, call, answer): what a service needs lives in a service or the engine.',
      from: { path: '^server/(services|engine|auth|hooks|workflow|realtime|monitor)/' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'requests-not-seed',
      severity: 'error',
      comment: 'The seed and the demo data run at start-up only; nothing on the request path imports them.',
      from: { path: '^server/(routes|services|engine|auth|hooks|workflow|realtime|monitor|http)/' },
      to: { path: '^server/db/(seed|demo)' },
    },
    {
      name: 'only-providers-call-http',
      severity: 'error',
      comment:
        'Components, hooks and pages call a typed data provider (api.ts or *-api.ts in the folder that owns the data, or provider.ts), ' +
        'never the HTTP client: the paths, parameters and wire types of a call live in one place. A provider re-exports RequestFailure for instanceof checks.',
      from: { path: '^src/', pathNot: ['(^|/)(api|provider)\\.ts$', '-api\\.ts$', '^src/runtime/http/', '^src/test-kit/', '\\.test\\.tsx?$'] },
      to: { path: '^src/runtime/http/client\\.ts$' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.tmp|dist|storybook-static)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
