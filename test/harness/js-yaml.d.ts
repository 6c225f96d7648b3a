// js-yaml ships no types of its own; the one function the tests use (test/unit/compose.test.ts).
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
