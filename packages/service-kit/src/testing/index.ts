export {
  createTestApp,
  PERSONAS,
  TEST_PASSWORD,
  testEnv,
  testUsers,
  type BuildApp,
  type Env,
  type NewTestUser,
  type Persona,
  type TestApp,
  type TestUser,
} from './test-app.ts';
export { TestClient } from './test-client.ts';
export { createTestProcess, type TestProcess } from './test-process.ts';
export { HttpTestClient, type HttpTestResponse } from './http-test-client.ts';
export {
  checkRoutePermissions,
  expectedStatus,
  kitRouteCases,
  registeredRoutes,
  type CallContext,
  type PermissionResult,
  type RouteCase,
  type RouteCases,
} from './route-permissions.ts';
export {
  describeRoutePermissions,
  type RoutePermissionsOptions,
} from './describe-route-permissions.ts';
export { cuttableLink, type CuttableLink } from './cuttable-link.ts';
export {
  fuzzCases,
  fuzzRoutes,
  type FuzzFailure,
  type FuzzOptions,
  type FuzzSample,
  type FuzzResult,
} from './fuzz-routes.ts';
export { describeRouteFuzz } from './describe-route-fuzz.ts';
