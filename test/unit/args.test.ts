import { describe, expect, it } from '@jest/globals';
import { Flags, UsageError, parseArgs } from '../../src/cli/args.js';

describe('bin/ctl argument parsing', () => {
  it('splits words from --flag value and --flag=value', () => {
    expect(parseArgs(['tenant', 'create', '--name', 'Acme', '--features=api_access,crm', '--json'])).toEqual({
      positional: ['tenant', 'create'],
      flags: { name: 'Acme', features: 'api_access,crm', json: true },
    });
  });

  it('keeps = signs and spaces inside a value', () => {
    expect(parseArgs(['--transfer-basis=a=b c']).flags).toEqual({ 'transfer-basis': 'a=b c' });
    expect(parseArgs(['--name', 'Two words']).flags).toEqual({ name: 'Two words' });
  });

  it('takes a negative number as a value', () => {
    expect(parseArgs(['wallet', 'topup', '--amount', '-5']).flags).toEqual({ amount: '-5' });
  });

  it('a flag followed by another flag or by nothing has no value', () => {
    expect(parseArgs(['--mode', '--json']).flags).toEqual({ mode: true, json: true });
    expect(parseArgs(['key', 'issue', '--mode']).flags).toEqual({ mode: true });
  });

  it('--json and --help never swallow the next word', () => {
    expect(parseArgs(['--json', 'demo', 'seed'])).toEqual({ positional: ['demo', 'seed'], flags: { json: true } });
    expect(parseArgs(['--help', 'tenant'])).toEqual({ positional: ['tenant'], flags: { help: true } });
  });
});

describe('Flags', () => {
  it('gives required and optional values', () => {
    const f = new Flags({ name: 'Acme', json: true });
    expect(f.required('name')).toBe('Acme');
    expect(f.optional('features')).toBeUndefined();
    expect(() => f.done()).not.toThrow();
  });

  it('a missing required flag is a usage error naming it', () => {
    expect(() => new Flags({}).required('tenant')).toThrow(new UsageError('--tenant is required'));
  });

  it('a flag without its value is a usage error naming it', () => {
    expect(() => new Flags({ amount: true }).optional('amount')).toThrow(new UsageError('--amount needs a value'));
  });

  it('an unknown option is a usage error naming every one', () => {
    const f = new Flags({ name: 'Acme', nmae: 'typo', colour: 'red' });
    f.required('name');
    expect(() => f.done()).toThrow(new UsageError('unknown option(s): --nmae --colour'));
  });
});
