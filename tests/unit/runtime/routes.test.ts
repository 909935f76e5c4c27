import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/api-types.ts';
import { componentPathOf, containerTarget, flattenRoutes, generateRoutes } from '../../../src/runtime/menu/routes.ts';
import { hasPermission } from '../../../src/runtime/permission/has-permission.ts';

const node = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path,
  path,
  name: path.replace(/^\//, '').replace(/\//g, '-'),
  component: 'dashboard/Analysis',
  route: '1',
  meta: { title: path, keepAlive: false, internalOrExternal: false },
  ...extra,
});

describe('routes from the server menu (spec section 2)', () => {
  it("skips entries whose route flag is '0' but keeps their siblings", () => {
    const routes = generateRoutes([node('/a'), node('/b', { route: '0' }), node('/c')]);
    expect(routes.map((r) => r.path)).toEqual(['/a', '/c']);
  });

  it('an alwaysShow entry redirects to its own path', () => {
    const [r] = generateRoutes([node('/sys', { alwaysShow: true, redirect: '/sys/user', children: [node('/sys/user')] })]);
    expect(r.alwaysShow).toBe(true);
    expect(r.redirect).toBe('/sys');
  });

  it('resolves layouts from the components area and everything else from the views area', () => {
    expect(componentPathOf('layouts/RouteView')).toBe('components/layouts/RouteView');
    expect(componentPathOf('system/UserList')).toBe('views/system/UserList');
  });

  it('keeps an external URL only when its template gives a valid URL', () => {
    const scope = { window: { _CONFIG: { doc: 'https://docs.example.org' } } };
    const [good, bad] = generateRoutes(
      [
        node('/ext/1', {
          component: 'layouts/IframePageView',
          meta: { title: 'doc', keepAlive: false, internalOrExternal: false, url: "{{ window._CONFIG['doc'] }}/index.html" },
        }),
        node('/ext/2', {
          component: 'layouts/IframePageView',
          meta: { title: 'bad', keepAlive: false, internalOrExternal: false, url: '{{ window.missing }}/x' },
        }),
      ],
      scope,
    );
    expect(good.meta.url).toBe('https://docs.example.org/index.html');
    expect(bad.meta.url).toBeUndefined();
  });

  it('keeps keepAlive, hidden and nesting; flattens parents before children', () => {
    const routes = generateRoutes([
      node('/p', {
        component: 'layouts/RouteView',
        children: [node('/p/a', { hidden: true, meta: { title: 'a', keepAlive: true, internalOrExternal: false } }), node('/p/b')],
      }),
    ]);
    expect(routes[0].children?.[0].meta.keepAlive).toBe(true);
    expect(routes[0].children?.[0].hidden).toBe(true);
    expect(flattenRoutes(routes).map((r) => r.path)).toEqual(['/p', '/p/a', '/p/b']);
    // A container sends its visitors to its first visible child.
    expect(containerTarget(routes[0])).toBe('/p/b');
  });
});

describe('button permissions (spec section 6)', () => {
  const auth = (action: string, type = '1', status = '1') => ({ action, describe: action, type, status });
  it('shows a button the user holds and hides one they do not', () => {
    expect(hasPermission('user:add', [auth('user:add')], [auth('user:add'), auth('user:edit')])).toBe(true);
    expect(hasPermission('user:edit', [auth('user:add')], [auth('user:add'), auth('user:edit')])).toBe(false);
  });
  it("keeps visible to everyone an action whose global entry has status '0'", () => {
    expect(hasPermission('user:export', [], [auth('user:export', '1', '0')])).toBe(true);
  });
  it("ignores items of type '2'", () => {
    expect(hasPermission('user:add', [auth('user:add', '2')], [auth('user:add', '2')])).toBe(false);
    expect(hasPermission('user:add', [], [auth('user:add', '2', '0')])).toBe(false);
  });
});
