// What the integration project's global setup hands to every test file (see global-setup.ts).
declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplateDatabase: string;
  }
}

export {};
