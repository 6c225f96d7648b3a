import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every patch in the workflow code is in docs/operating.md's patch register with the step it
 * is at (patched, deprecated), and the register lists no patch the code no longer has: the
 * register is what an operator reads to know which patch may move on (docs/operating.md,
 * "Deploying a workflow change").
 */
const WORKFLOWS = new URL('../../workflows/', import.meta.url);
const sources = readdirSync(WORKFLOWS).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(new URL(f, WORKFLOWS), 'utf8'));

/** Patch id → step, from the code: constants named in patched() or deprecatePatch() calls. */
function patchesInCode(texts = sources): Record<string, string> {
  const constants = new Map<string, string>();
  for (const source of texts) for (const [, name, id] of source.matchAll(/const ([A-Z_]+) = '([a-z0-9-]+)';/g)) constants.set(name!, id!);
  const found: Record<string, string> = {};
  for (const source of texts) {
    for (const [, call, arg] of source.matchAll(/\b(patched|deprecatePatch)\(\s*([A-Z_]+|'[a-z0-9-]+')\s*\)/g)) {
      const id = arg!.startsWith("'") ? arg!.slice(1, -1) : constants.get(arg!);
      if (!id) throw new Error(`${call}(${arg}): the patch id is not a constant of workflows/`);
      found[id] = call === 'patched' ? 'patched' : 'deprecated';
    }
  }
  return found;
}

/** Patch id → step, from the register table. */
function patchesInRegister(doc = readFileSync(new URL('../../docs/operating.md', import.meta.url), 'utf8')): Record<string, string> {
  const table = doc.slice(doc.indexOf('### Patch register'));
  return Object.fromEntries([...table.matchAll(/^\| `([a-z0-9-]+)` \| [^|]+ \| (\w+) \|/gm)].map(([, id, step]) => [id!, step!]));
}

describe('the patch register', () => {
  it('lists every patch of the workflow code at the step the code is at, and no other', () => {
    expect(patchesInRegister()).toEqual(patchesInCode());
  });

  it('reads the patches of the code and the rows of the register as they are written', () => {
    const source = "const HELD = 'held-continues'; if (patched(HELD)) x(); deprecatePatch('old-shape');";
    expect(patchesInCode([source])).toEqual({ 'held-continues': 'patched', 'old-shape': 'deprecated' });
    const doc = '### Patch register\n\n| patch id | workflows | step | first release |\n|---|---|---|---|\n| `held-continues` | deliveryWorkflow | patched | 1.1 |\n';
    expect(patchesInRegister(doc)).toEqual({ 'held-continues': 'patched' });
  });
});
