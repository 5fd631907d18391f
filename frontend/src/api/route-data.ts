/**
 * For route loaders: `await routeData(getJob(company, slug, request.signal))` returns the answer,
 * or throws a react-router error response with the API's status (404, 410, 503…; 0 when the
 * API could not be reached) and `{ message }`, which the route's error boundary shows with the
 * wording of ui/failure.ts. An error response, unlike an Error, keeps its status when the
 * server render hands it to the browser.
 */
import { data } from 'react-router';
import { ApiError } from './http';

export async function routeData<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
