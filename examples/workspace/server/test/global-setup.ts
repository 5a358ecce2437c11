// Vitest global setup of the server project: one throw-away PostgreSQL cluster for every test
// file (each creates its own database in it). WORKSPACE_TEST_POSTGRES=skip runs PGlite only.
import type { TestProject } from 'vitest/node';
import { startPostgres, type PostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

let cluster: PostgresCluster | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.WORKSPACE_TEST_POSTGRES === 'skip') {
    project.provide('postgresUrl', null);
    return;
  }
  cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url);
}

export function teardown(): void {
  cluster?.stop();
}
