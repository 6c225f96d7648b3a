// Regenerates src/schema.ts from the document the server's code builds (no server needed):
//   npm run generate        (in clients/typescript; node --import ./scripts/register.mjs scripts/generate.ts)
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderDocument, renderTypes, TYPES_FILE } from './types.js';

const types = await renderTypes(renderDocument());
await writeFile(TYPES_FILE, types);
console.log(`${fileURLToPath(TYPES_FILE)}: ${types.split('\n').length - 1} lines, ${Buffer.byteLength(types)} bytes`);
process.exit(0);
