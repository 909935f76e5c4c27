import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuIcon } from '../../../src/pages/layouts/menu/icons.tsx';

/* Every icon a schema document gives its menu (or its area's) is one the shell can draw. */
const schemasDir = join(import.meta.dirname, '../../../schemas');

function documentIcons(): [string, string][] {
  const found: [string, string][] = [];
  for (const area of readdirSync(schemasDir).filter((d) => d !== '_meta')) {
    for (const file of readdirSync(join(schemasDir, area)).filter((f) => f.endsWith('.json'))) {
      const doc = JSON.parse(readFileSync(join(schemasDir, area, file), 'utf8'));
      for (const name of [doc.menu?.icon, doc.menu?.parentIcon]) if (name) found.push([`${area}/${file}`, name]);
    }
  }
  return found;
}

describe('menu icons', () => {
  it('knows every icon the schema documents name', () => {
    const unknown = documentIcons().filter(([, name]) => !menuIcon(name));
    expect(unknown).toEqual([]);
  });

  it('reads JeecgBoot spellings of one icon alike', () => {
    expect(menuIcon('MedicineBoxOutlined')).toBeTruthy();
    expect(menuIcon('medicine-box')).toBeTruthy();
    expect(menuIcon('no-such-icon')).toBeUndefined();
  });
});
