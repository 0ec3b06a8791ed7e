import { describe, expect, it } from 'vitest';
import {
  BASE_VARIABLES,
  envFilter,
  envVariants,
  looksSecret,
  restrictEnv,
  stricterMode,
  type EnvPolicy,
} from '../../lib/policy/envPolicy.js';

const HOST_ENV = {
  PATH: '/usr/bin',
  HOME: '/home/me',
  LANG: 'C.UTF-8',
  LC_ALL: 'C',
  EDITOR: 'vi',
  GITHUB_TOKEN: 'ghp_x',
  OPENAI_API_KEY: 'sk-x',
  DB_PASSWORD: 'pw',
  AWS_PROFILE: 'prod',
  AZURE_CLIENT_ID: 'id',
  GOOGLE_APPLICATION_CREDENTIALS: '/keys.json',
  SSH_AUTH_SOCK: '/tmp/agent',
  GIT_AUTHOR_NAME: 'Me',
  NPM_TOKEN: 'npm_x',
  UNSET: undefined,
};

describe('looksSecret', () => {
  it.each([
    'GITHUB_TOKEN',
    'github_token',
    'OPENAI_API_KEY',
    'DB_PASSWORD',
    'MYSQL_PASSWD',
    'CLIENT_SECRET',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'AWS_PROFILE',
    'AWS_SESSION_TOKEN',
    'AZURE_TENANT_ID',
    'CLOUDSDK_AUTH_ACCESS_TOKEN_FILE',
    'SSH_AUTH_SOCK',
    'NPM_CONFIG__AUTH',
    'GPG_PRIVATE',
  ])('flags %s', (name) => {
    expect(looksSecret(name)).toBe(true);
  });

  it.each(['PATH', 'HOME', 'LANG', 'EDITOR', 'GIT_AUTHOR_NAME', 'NODE_ENV', 'CI', 'TERM'])('keeps %s', (name) => {
    expect(looksSecret(name)).toBe(false);
  });
});

describe('envFilter and restrictEnv', () => {
  it('inherit keeps the environment itself (no copy)', () => {
    expect(envFilter({ mode: 'inherit' })).toBeUndefined();
    expect(restrictEnv(HOST_ENV, { mode: 'inherit' })).toBe(HOST_ENV);
  });

  it('no-secrets drops what looks secret, except the names and prefixes `allow` lists', () => {
    const kept = restrictEnv(HOST_ENV, { mode: 'no-secrets', allow: ['NPM_TOKEN', 'AZURE_*'] });
    expect(Object.keys(kept).sort()).toEqual(
      ['AZURE_CLIENT_ID', 'EDITOR', 'GIT_AUTHOR_NAME', 'HOME', 'LANG', 'LC_ALL', 'NPM_TOKEN', 'PATH', 'UNSET'].sort(),
    );
    expect(kept['NPM_TOKEN']).toBe('npm_x');
  });

  it('allowlist keeps only the base variables and `allow`', () => {
    const kept = restrictEnv(HOST_ENV, { mode: 'allowlist', allow: ['EDITOR', 'GITHUB_TOKEN'] });
    expect(Object.keys(kept).sort()).toEqual(['EDITOR', 'GITHUB_TOKEN', 'HOME', 'LANG', 'LC_ALL', 'PATH'].sort());
  });

  it('matches `allow` case-sensitively, and `*` only as a trailing prefix', () => {
    const keep = envFilter({ mode: 'allowlist', allow: ['editor', 'A*B'] });
    expect(keep?.('EDITOR')).toBe(false);
    expect(keep?.('A*B')).toBe(true);
    expect(keep?.('AXB')).toBe(false);
  });

  it('base variables a program needs are never secrets', () => {
    expect(BASE_VARIABLES.filter((name) => looksSecret(name.replace('*', 'X')))).toEqual([]);
  });
});

describe('stricterMode', () => {
  it('orders inherit < no-secrets < allowlist, either way round', () => {
    expect(stricterMode('inherit', 'no-secrets')).toBe('no-secrets');
    expect(stricterMode('no-secrets', 'inherit')).toBe('no-secrets');
    expect(stricterMode('allowlist', 'no-secrets')).toBe('allowlist');
    expect(stricterMode('inherit', 'inherit')).toBe('inherit');
  });
});

describe('envVariants', () => {
  const counting = (policyOf: () => EnvPolicy | undefined) => {
    const derived: Readonly<Record<string, string | undefined>>[] = [];
    const variants = envVariants(
      policyOf,
      (env) => {
        derived.push(env);
        return Object.keys(env).sort();
      },
      HOST_ENV,
    );
    return { variants, derived };
  };

  it('restricts project and extension hooks only', () => {
    const { variants } = counting(() => ({ mode: 'allowlist' }));
    expect(variants.of('project')).toEqual(['HOME', 'LANG', 'LC_ALL', 'PATH']);
    expect(variants.of('extension')).toEqual(['HOME', 'LANG', 'LC_ALL', 'PATH']);
    for (const source of ['user', 'system', 'runtime'] as const) {
      expect(variants.of(source)).toContain('GITHUB_TOKEN');
    }
  });

  it('without a policy, or under inherit, every source gets the one whole variant', () => {
    for (const policy of [undefined, { mode: 'inherit' } as const]) {
      const { variants, derived } = counting(() => policy);
      expect(variants.of('project')).toBe(variants.of('user'));
      expect(derived).toEqual([HOST_ENV]);
    }
  });

  it('derives each distinct policy once, whatever the object (a reload makes new ones)', () => {
    let policy: EnvPolicy = { mode: 'no-secrets', allow: ['B', 'A'] };
    const { variants, derived } = counting(() => policy);
    const first = variants.of('project');
    policy = { mode: 'no-secrets', allow: ['A', 'B'] }; // same content, new object
    expect(variants.of('project')).toBe(first);
    policy = { mode: 'allowlist' };
    expect(variants.of('project')).not.toBe(first);
    variants.of('user');
    policy = { mode: 'no-secrets', allow: ['A', 'B'] };
    expect(variants.of('project')).toBe(first);
    expect(derived).toHaveLength(3);
  });

  it('reads the policy on every call: a changed policy applies to the next run', () => {
    let policy: EnvPolicy | undefined = undefined;
    const { variants } = counting(() => policy);
    expect(variants.of('project')).toContain('GITHUB_TOKEN');
    policy = { mode: 'no-secrets' };
    expect(variants.of('project')).not.toContain('GITHUB_TOKEN');
  });
});
