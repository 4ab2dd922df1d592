// What an internal team writes against the generated client: a typed call to the auth service
// through the gateway. tests/system/test/api-client.test.ts generates ./generated from docs/api
// with openapi-typescript, type-checks this file against it and runs it on the real stack.
import createClient from 'openapi-fetch';
import type { paths } from './generated/auth.js';

export async function signIn(baseUrl: string, credentials: { email: string; password: string }) {
  const auth = createClient<paths>({ baseUrl });
  const { data, error, response } = await auth.POST('/auth/login', { body: credentials });
  if (error) return { status: response.status, message: error.message };
  // Typed by the document: a wrong field name here is a compile error.
  const user: { email: string; isAdmin: boolean } = data.user;
  return { status: response.status, email: user.email, isAdmin: user.isAdmin };
}
